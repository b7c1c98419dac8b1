import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, describeAuditAction, isAuditActionType } from '@parley/contracts';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const LITERAL = /'([a-z]+(?:_[a-z]+)+)'/g;

/**
 * The action types the server's code writes: every literal given as `actionType: …` (ternaries
 * included), passed on one line as a positional argument to a function whose name says audit (the MFA helper's
 * `audit(tx, ctx, session, 'mfa_failed')`), or held by an `…_ACTION` constant.
 */
function actionTypesInCode(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /actionType:\s*((?:[\w.]+\s*\?\s*)?'\w+'(?:\s*:\s*'\w+')?)/g,
    // auditProblem('seq_gap', …) names a verification problem, not an action.
    /\b(?!\w*Problem\()\w*[aA]udit\w*\((?:\s*[\w.]+\s*,)*\s*('\w+')/g,
    /_ACTION\s*=\s*('\w+')/g,
  ];
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        for (const literal of (match[1] ?? '').matchAll(LITERAL)) {
          if (literal[1]) found.set(literal[1], path.relative(SERVER_SRC, file));
        }
      }
    }
  }
  return found;
}

describe('the audit action table', () => {
  it('has a readable label for every action type the server writes', () => {
    const inCode = actionTypesInCode();
    // The scan finds each way an action type is written (a direct entry, a ternary, a helper, a constant).
    for (const known of ['sign_in', 'email_stored', 'mfa_failed', 'weekly_report_sent', 'audit_exported']) {
      expect(inCode.has(known), known).toBe(true);
    }
    const missing = [...inCode]
      .filter(([type]) => !isAuditActionType(type))
      .map(([t, file]) => `${t} (${file})`);
    expect(missing, 'add these to AUDIT_ACTIONS in packages/contracts/src/audit-actions.ts').toEqual([]);
  });

  it('labels are distinct, so the filter never offers two actions under one name', () => {
    const labels = Object.values(AUDIT_ACTIONS).map((a) => a.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('reads an action type Parley no longer writes from its own words', () => {
    expect(describeAuditAction('legacy_thing_done')).toEqual({ label: 'Legacy thing done', kind: 'UPDATE' });
    expect(describeAuditAction('response_approved')).toEqual({ label: 'Reply approved', kind: 'APPROVE' });
  });
});
