import { describe, expect, it } from 'vitest';
import { createMessageInputSchema, normalizeTopics } from './messages';

describe('message topics', () => {
  it('trims, collapses spaces and drops empty and case-insensitive duplicates, keeping the first spelling', () => {
    expect(normalizeTopics([' Capital  Calls ', '', '  ', 'capital calls', 'ESG', 'esg'])).toEqual([
      'Capital Calls',
      'ESG',
    ]);
  });

  it('accepts a message without topics and refuses more than 10 distinct ones', () => {
    const base = {
      investor_name: 'A',
      investor_email: 'a@example.com',
      project_id: '00000000-0000-4000-8000-000000000000',
      subject: 'S',
      body_text: 'B',
    };
    expect(createMessageInputSchema.safeParse(base).success).toBe(true);
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(createMessageInputSchema.safeParse({ ...base, topics: eleven }).success).toBe(false);
    const duplicates = Array.from({ length: 20 }, () => 'Same');
    expect(createMessageInputSchema.parse({ ...base, topics: duplicates }).topics).toEqual(['Same']);
  });
});
