import { describe, expect, it } from 'vitest';
import { canonicalJson, computeAuditHash, GENESIS_HASH } from './audit';

const base = {
  prevHash: GENESIS_HASH,
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  actorId: 'a1',
  actionType: 'sign_in',
  entityType: 'session',
  entityId: 's1',
  details: { b: 1, a: { d: 2, c: 3 } },
};

describe('the audit hash', () => {
  it('ignores key order, as jsonb does', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(computeAuditHash(base)).toBe(computeAuditHash({ ...base, details: { a: { c: 3, d: 2 }, b: 1 } }));
  });

  it.each([
    ['prevHash', { prevHash: 'f'.repeat(64) }],
    ['createdAt', { createdAt: new Date('2026-01-02T03:04:05.679Z') }],
    ['actorId', { actorId: 'a2' }],
    ['actionType', { actionType: 'sign_out' }],
    ['entityType', { entityType: 'user' }],
    ['entityId', { entityId: null }],
    ['details', { details: { b: 2, a: { d: 2, c: 3 } } }],
  ])('changes when %s changes', (_field, change) => {
    expect(computeAuditHash({ ...base, ...change })).not.toBe(computeAuditHash(base));
  });
});
