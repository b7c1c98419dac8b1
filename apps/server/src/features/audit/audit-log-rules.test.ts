import { describe, expect, it } from 'vitest';
import { auditChangesOf } from './audit-changes';
import { auditCsvRow, csvCell } from './audit-export-csv';
import { auditEntryLine } from './audit-export-line';
import { auditSearchOf, searchTerms } from './audit-search';
import { summarizeAuditDetails } from './audit-summary';

describe('the before/after of an entry', () => {
  it('reads a fund edit recorded as before and changes', () => {
    const details = {
      before: { name: 'A', status: 'active', fund_type: 'RE' },
      changes: { status: 'closed' },
    };
    expect(auditChangesOf(details)).toEqual([{ path: 'status', before: 'active', after: 'closed' }]);
  });

  it('reads from/to pairs at the top and under a key, and splits before/after objects by field', () => {
    expect(auditChangesOf({ from: 'ir_associate', to: 'ir_director' })).toEqual([
      { path: '', before: 'ir_associate', after: 'ir_director' },
    ]);
    expect(auditChangesOf({ changes: { mfa_totp_enforced: { from: false, to: true } } })).toEqual([
      { path: 'mfa_totp_enforced', before: false, after: true },
    ]);
    expect(
      auditChangesOf({
        term: 'x',
        before: { severity: 'high', enabled: true },
        after: { severity: 'low', enabled: true },
      }),
    ).toEqual([{ path: 'severity', before: 'high', after: 'low' }]);
    expect(auditChangesOf({ message_id: 'm', version: 2 })).toEqual([]);
  });
});

describe('the one-line summary of an entry', () => {
  it('says the telling fields first and leaves ids and digests to the detail view', () => {
    expect(
      summarizeAuditDetails({
        message_id: 'x',
        text_sha256: 'abc',
        version: 3,
        file_name: 'letter.pdf',
        flags: 2,
      }),
    ).toBe('file name: letter.pdf · v3 · flags: 2');
    expect(summarizeAuditDetails({ from: 'ir_associate', to: 'admin' })).toBe('IR Associate → Admin');
    expect(summarizeAuditDetails({ from: 'PASS', to: 'FAIL', failing_checks: ['SMTP'] })).toBe(
      'PASS → FAIL · failing checks: 1 item',
    );
    expect(summarizeAuditDetails({})).toBe('');
    // An object that merely has from and to among other keys (an export's filters) is not a move.
    expect(summarizeAuditDetails({ format: 'csv', filters: { q: null, from: null, to: null } })).toBe(
      'format: csv',
    );
  });

  it('keeps to 160 characters', () => {
    const summary = summarizeAuditDetails({ reason: 'x'.repeat(500) });
    expect(summary).toHaveLength(160);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('the search box', () => {
  it('turns words into quoted prefixes, all required, with tsquery syntax removed', () => {
    expect(searchTerms('Fund  alpha')).toEqual(["'fund':*", "'alpha':*"]);
    expect(searchTerms("o'brien & (x) | !y")).toEqual(["'obrien':*", "'x':*", "'y':*"]);
    expect(searchTerms('jane@x.example')).toEqual(["'jane@x.example':*"]);
    expect(searchTerms(' :* & ')).toEqual([]);
  });

  it('matches action labels and takes a UUID as an id', () => {
    const search = auditSearchOf('approved');
    expect(search.actions).toContain('response_approved');
    expect(search.id).toBeNull();
    expect(auditSearchOf('5B0C1D2E-3F40-4A5B-8C6D-7E8F9A0B1C2D').id).toBe(
      '5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
    );
    expect(auditSearchOf('50%_off').actorPattern).toBe('%50\\%\\_off%');
  });
});

describe('the CSV export', () => {
  it('quotes per RFC 4180 and prefixes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('writes the entry fields in the order of the JSON Lines entry, details as canonical JSON', () => {
    const line = auditEntryLine({
      chain: 'c',
      seq: 7,
      id: 'i',
      createdAt: new Date('2031-01-02T03:04:05.678Z'),
      actorId: null,
      actionType: 'email_sent',
      entityType: 'email',
      entityId: null,
      details: { b: 1, a: { d: 2, c: 3 } },
      prevHash: 'p',
      hash: 'h',
    });
    expect(line.created_at).toBe('2031-01-02T03:04:05.678Z');
    expect(auditCsvRow(line)).toBe(
      'c,7,i,2031-01-02T03:04:05.678Z,,email_sent,email,,"{""a"":{""c"":3,""d"":2},""b"":1}",p,h\r\n',
    );
  });
});
