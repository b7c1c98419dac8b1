import {
  APPROVAL_LEVELS,
  type ApprovalMatrix,
  approvalMatrixSchema,
  DEFAULT_APPROVAL_MATRIX,
  ROLES,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { fixedCell } from './approval-matrix-cells';

describe('the approval matrix editor’s fixed cells', () => {
  it('fixes exactly what the server refuses to change', () => {
    // Any matrix built by toggling only the free cells passes the server's schema.
    const free = APPROVAL_LEVELS.flatMap((level) =>
      ROLES.filter((role) => fixedCell(level, role) === null).map((role) => ({ level, role })),
    );
    expect(free).toEqual([
      { level: 'none', role: 'ir_associate' },
      { level: 'low', role: 'ir_associate' },
      { level: 'medium', role: 'ir_associate' },
    ]);
    for (let mask = 0; mask < 2 ** free.length; mask++) {
      const matrix = Object.fromEntries(
        APPROVAL_LEVELS.map((level) => [
          level,
          ROLES.filter((role) => {
            const fixed = fixedCell(level, role);
            if (fixed) return fixed.checked;
            return (mask >> free.findIndex((f) => f.level === level && f.role === role)) & 1;
          }),
        ]),
      ) as ApprovalMatrix;
      expect(approvalMatrixSchema.safeParse(matrix).success).toBe(true);
    }
  });

  it('agrees with the default matrix on every fixed cell', () => {
    for (const level of APPROVAL_LEVELS) {
      for (const role of ROLES) {
        const fixed = fixedCell(level, role);
        if (fixed) expect(DEFAULT_APPROVAL_MATRIX[level].includes(role)).toBe(fixed.checked);
      }
    }
  });
});
