import {
  auditCheckpointCreatedResponseSchema,
  auditLastVerificationResponseSchema,
  auditLatestCheckpointResponseSchema,
  auditVerifyResponseSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getLastVerification, runAuditVerification } from './audit.service';
import { createCheckpointOnDemand, getLatestCheckpoint } from './audit-checkpoints.service';

const verify = apiRoute({
  method: 'get',
  path: '/api/audit/verify',
  summary:
    "Re-walk the organisation's audit hash chain and check its signed checkpoints; names the first problem and records the result",
  ok: { status: 200, schema: auditVerifyResponseSchema, description: 'Result' },
  errors: [401, 403],
});

const lastVerification = apiRoute({
  method: 'get',
  path: '/api/audit/verifications/latest',
  summary: 'The last recorded verification of the organisation’s audit chain (null before the first)',
  ok: { status: 200, schema: auditLastVerificationResponseSchema, description: 'Last result' },
  errors: [401, 403],
});

const createCheckpoint = apiRoute({
  method: 'post',
  path: '/api/audit/checkpoints',
  summary: 'Sign a checkpoint of the organisation’s audit chain now (audited)',
  ok: { status: 200, schema: auditCheckpointCreatedResponseSchema, description: 'The new checkpoint' },
  errors: [401, 403, 409],
});

const latestCheckpoint = apiRoute({
  method: 'get',
  path: '/api/audit/checkpoints/latest',
  summary: 'The last signed checkpoint of the organisation’s audit chain, and the signing key’s id',
  ok: { status: 200, schema: auditLatestCheckpointResponseSchema, description: 'Last checkpoint' },
  errors: [401, 403],
});

const publicKey = apiRoute({
  method: 'get',
  path: '/api/audit/public-key',
  summary: 'The public key that verifies audit checkpoints (PEM, as an attachment)',
  ok: { status: 200, description: 'application/x-pem-file: the Ed25519 public key (SPKI PEM)' },
  errors: [401, 403],
});

/** The verification and checkpoints of the audit chain (docs/audit-format.md). */
export function registerAuditRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(verify, async (c) => c.json(await runAuditVerification(deps, c.get('actor').orgId), 200));

  api.openapi(lastVerification, async (c) =>
    c.json(await getLastVerification(deps, c.get('actor').orgId), 200),
  );

  api.openapi(createCheckpoint, async (c) =>
    c.json(await createCheckpointOnDemand(deps, c.get('actor')), 200),
  );

  api.openapi(latestCheckpoint, async (c) =>
    c.json(await getLatestCheckpoint(deps, c.get('actor').orgId), 200),
  );

  api.openapi(publicKey, (c) => {
    c.header('Content-Type', 'application/x-pem-file');
    c.header('Content-Disposition', 'attachment; filename="parley-audit-public-key.pem"');
    return c.body(deps.auditSigner.publicKeyPem, 200);
  });
}
