import { describe, expect, it } from 'vitest';
import { getInitials } from './initials';

describe('getInitials', () => {
  it('takes the first letters of the first and last word', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('  mary   ann  smith ')).toBe('MS');
  });

  it('copes with one word or none', () => {
    expect(getInitials('ada')).toBe('A');
    expect(getInitials('   ')).toBe('?');
  });
});
