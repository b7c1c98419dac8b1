import { describe, expect, it } from 'vitest';
import { fallbackNotice } from './drafts';
import { drafterFailureMessage, ERRORS } from './errors';

describe('drafter failure texts', () => {
  it('name the HTTP status, the time limit or the citation when the server knows it', () => {
    expect(drafterFailureMessage('DRAFTER_AUTH_REFUSED', { httpStatus: 403 })).toBe(
      'The AI service refused the credentials (403). Ask your admin to check the AI key.',
    );
    expect(drafterFailureMessage('DRAFTER_TIMEOUT', { timeoutSeconds: 20 })).toBe(
      'The AI service did not answer within 20 seconds. Try again later.',
    );
    expect(drafterFailureMessage('DRAFTER_UNKNOWN_CITATION', { citation: 7 })).toContain('([7])');
  });

  it('read as plain sentences without them', () => {
    expect(drafterFailureMessage('DRAFTER_BUSY')).toBe(ERRORS.DRAFTER_BUSY.message);
    expect(ERRORS.DRAFTER_BUSY.message).toBe(
      'The AI service is busy and did not answer after retrying. Try again in a minute.',
    );
  });
});

describe('the note on a fallback draft', () => {
  it('says the built-in drafter wrote it and why, and is absent on any other draft', () => {
    expect(fallbackNotice({ fallback_from: 'openai-compatible', fallback_error: 'DRAFTER_BUSY' })).toBe(
      'Drafted by the built-in drafter: the AI service failed (busy).',
    );
    expect(fallbackNotice({})).toBeNull();
  });
});
