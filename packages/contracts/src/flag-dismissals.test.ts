import { describe, expect, it } from 'vitest';
import { canClearFlag, dismissFlagInputSchema, restoreFlagInputSchema } from './flag-dismissals';

describe("who may mark a flag 'not a problem here'", () => {
  it('keeps high flags for directors and admins, the others for anyone who drafts', () => {
    expect(canClearFlag('admin', 'high')).toBe(true);
    expect(canClearFlag('ir_director', 'high')).toBe(true);
    expect(canClearFlag('ir_associate', 'high')).toBe(false);
    expect(canClearFlag('ir_associate', 'medium')).toBe(true);
    expect(canClearFlag('ir_associate', 'low')).toBe(true);
    expect(canClearFlag('is_associate', 'low')).toBe(false);
  });
});

describe('the dismissal input', () => {
  it('trims the reason and wants 10 to 500 characters', () => {
    expect(dismissFlagInputSchema.parse({ start: 1, end: 4, reason: '  A fact here.  ' }).reason).toBe(
      'A fact here.',
    );
    for (const reason of [undefined, '', '   short   ', 'x'.repeat(501)]) {
      const parsed = dismissFlagInputSchema.safeParse({ start: 1, end: 4, reason });
      expect(parsed.success, String(reason)).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
    }
  });

  it('wants a span whose end follows its start', () => {
    const parsed = restoreFlagInputSchema.safeParse({ start: 4, end: 4 });
    expect(parsed.error?.issues[0]?.path).toEqual(['end']);
    expect(restoreFlagInputSchema.safeParse({ start: -1, end: 4 }).success).toBe(false);
  });
});
