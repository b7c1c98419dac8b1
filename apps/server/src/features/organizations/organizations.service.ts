import type { SystemConfigKey } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { organizations, systemConfig } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';

/**
 * docs/product.md §3 system config, seeded for every new organisation; a key an organisation never stored
 * (one added later, like drafter_fallback_enabled) reads as its value here.
 */
export const DEFAULT_SYSTEM_CONFIG = {
  sso_required: 'false',
  mfa_totp_enforced: 'false',
  auth_magic_link_enabled: 'true',
  drafter_fallback_enabled: 'false',
  mfa_passkey_required_admins: 'false',
} as const satisfies Record<SystemConfigKey, 'true' | 'false'>;

export async function createOrganization(
  tx: Tx,
  clock: Clock,
  input: { name: string; actorId: string | null },
) {
  const [org] = await tx
    .insert(organizations)
    .values({ name: input.name })
    .returning({ id: organizations.id });
  if (!org) throw new Error('organization insert returned nothing');
  await tx
    .insert(systemConfig)
    .values(Object.entries(DEFAULT_SYSTEM_CONFIG).map(([key, value]) => ({ orgId: org.id, key, value })));
  await appendAudit(tx, clock, {
    orgId: org.id,
    actorId: input.actorId,
    actionType: 'organization_created',
    entityType: 'organization',
    entityId: org.id,
    details: { name: input.name },
  });
  return org.id;
}

export async function findFirstOrganizationId(db: DbOrTx) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .orderBy(organizations.createdAt)
    .limit(1);
  return row?.id ?? null;
}

export async function findOrganizationIdByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  return row?.id ?? null;
}

export async function readSystemConfig(db: DbOrTx, orgId: string) {
  const rows = await db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.orgId, orgId));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string>;
}

/** One system_config value of the organisation, or null when it was never set. */
export async function readSystemConfigValue(db: DbOrTx, orgId: string, key: string) {
  const [row] = await db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(and(eq(systemConfig.orgId, orgId), eq(systemConfig.key, key)));
  return row?.value ?? null;
}

/**
 * Sets one system_config value (inserting its row when the organisation never had it), in the
 * caller's transaction: the one write of every setting (switches, schedules, recorded statuses).
 */
export async function writeSystemConfigValue(
  db: DbOrTx,
  input: { orgId: string; key: string; value: string; updatedAt: Date },
) {
  await db
    .insert(systemConfig)
    .values(input)
    .onConflictDoUpdate({
      target: [systemConfig.orgId, systemConfig.key],
      set: { value: input.value, updatedAt: input.updatedAt },
    });
}

/** One setting of the stored ones as a boolean; a key never stored reads as its default. */
export function isSystemConfigOn(stored: Record<string, string>, key: SystemConfigKey): boolean {
  return (stored[key] ?? DEFAULT_SYSTEM_CONFIG[key]) === 'true';
}
