import { describe, expect, it } from 'vitest';
import { isAlertingChange } from './email-health-alerts';

describe('which e-mail health changes alert (docs/decisions/042-email-health-alerts.md)', () => {
  it.each([
    [null, 'PASS', false],
    [null, 'WARN', true],
    [null, 'FAIL', true],
    ['PASS', 'PASS', false],
    ['PASS', 'WARN', true],
    ['PASS', 'FAIL', true],
    ['WARN', 'PASS', false],
    ['WARN', 'WARN', false],
    ['WARN', 'FAIL', true],
    ['FAIL', 'PASS', false],
    ['FAIL', 'WARN', false],
    ['FAIL', 'FAIL', false],
  ] as const)('%s → %s alerts: %s', (from, to, expected) => {
    expect(isAlertingChange(from, to)).toBe(expected);
  });
});
