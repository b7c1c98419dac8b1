import { AUDIT_PROBLEM_TEXTS } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { chainVerdict } from './audit-chain-status';
import { formatNumber } from './format';

const at = '2026-01-10T12:00:00.000Z';

describe('the audit chain verdict', () => {
  it('says Never verified before the first verification', () => {
    expect(chainVerdict(null)).toEqual({
      tone: 'none',
      label: 'Never verified',
      entries: null,
      problem: null,
    });
  });

  it('says verified with the number of entries walked', () => {
    expect(chainVerdict({ valid: true, entries: 1234, checkpoints_checked: 2, verified_at: at })).toEqual({
      tone: 'pass',
      label: 'Hash chain verified',
      entries: `${formatNumber(1234)} entries verified`,
      problem: null,
    });
  });

  it('says broken, where it stopped and the first problem', () => {
    const message = AUDIT_PROBLEM_TEXTS.hash_mismatch(8);
    expect(
      chainVerdict({
        valid: false,
        entries: 7,
        problem: { reason: 'hash_mismatch', message, seq: 8, entry_id: 'e8' },
        first_broken_id: 'e8',
        checkpoints_checked: 0,
        verified_at: at,
      }),
    ).toEqual({
      tone: 'fail',
      label: 'Hash chain broken',
      entries: 'Verification stopped after 7 entries',
      problem: message,
    });
  });
});
