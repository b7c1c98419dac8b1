import type { SignedCheckpoint } from '../src/lib/audit-checkpoint';
import { checkpointSigningInput, signCheckpointFields } from '../src/lib/audit-checkpoint';
import { canonicalJson, computeAuditHash, GENESIS_HASH } from '../src/lib/audit-hash';
import type { AuditSigner } from '../src/lib/audit-signer';

/**
 * The worked example of docs/audit-format.md: a two-entry chain and its checkpoint, computed by the
 * code the server and the offline verifier use. A test renders it and checks the document holds it
 * word for word, so the example cannot drift from the rules.
 */
export function auditFormatExample(signer: Pick<AuditSigner, 'privateKey' | 'keyId'>) {
  const chain = '7d0b6c1e-8a44-4f5e-9a0c-3c2b1d4e5f60';
  const base = [
    {
      id: '0f8e4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
      created_at: '2026-01-02T03:04:05.678Z',
      actor_id: null,
      action_type: 'organization_created',
      entity_type: 'organization',
      entity_id: chain,
      details: { name: 'Example Capital' },
    },
    {
      id: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
      created_at: '2026-01-02T03:05:00.000Z',
      actor_id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      action_type: 'reply_approved',
      entity_type: 'reply',
      entity_id: 'r-1',
      details: { version: 2, note: 'Approved – “as sent”\n', amount: 1.5, z: null, a: { d: true, c: 1e21 } },
    },
  ];
  let prevHash = GENESIS_HASH;
  const entries = base.map((entry, index) => {
    const hashInput = canonicalJson([
      prevHash,
      entry.created_at,
      entry.actor_id,
      entry.action_type,
      entry.entity_type,
      entry.entity_id,
      entry.details,
    ]);
    const hash = computeAuditHash({
      prevHash,
      createdAt: new Date(entry.created_at),
      actorId: entry.actor_id,
      actionType: entry.action_type,
      entityType: entry.entity_type,
      entityId: entry.entity_id,
      details: entry.details,
    });
    const line = { type: 'entry', chain, seq: index + 1, ...entry, prev_hash: prevHash, hash };
    prevHash = hash;
    return { hashInput, hash, line: JSON.stringify(line) };
  });
  const last = entries.at(-1);
  const checkpoint: SignedCheckpoint = signCheckpointFields(
    {
      chain,
      seq: entries.length,
      head_hash: last?.hash ?? GENESIS_HASH,
      signed_at: '2026-01-02T04:00:00.000Z',
      key_id: signer.keyId,
    },
    signer.privateKey,
  );
  return {
    entries,
    signingInput: checkpointSigningInput(checkpoint).toString('utf8'),
    checkpoint,
    checkpointLine: JSON.stringify({ type: 'checkpoint', ...checkpoint }),
  };
}
