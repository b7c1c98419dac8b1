import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { auditLogs, complianceRules, complianceSettings, profiles, responseTemplates } from '../../db/schema';
import { containsPattern } from '../../lib/like';

export type ComplianceRuleRow = typeof complianceRules.$inferSelect;
export type ComplianceSettingsRow = typeof complianceSettings.$inferSelect;

/** The organisation's overrides and own rules (a handful of rows; ordered for a stable listing). */
export async function listComplianceRules(db: DbOrTx, orgId: string): Promise<ComplianceRuleRow[]> {
  return db
    .select()
    .from(complianceRules)
    .where(eq(complianceRules.orgId, orgId))
    .orderBy(asc(complianceRules.createdAt), asc(complianceRules.key))
    .limit(1000);
}

/** The latest audit entry of a rule or setting: when, by whom, and the entry to link to. */
export type LastChangeRow = { key: string; entryId: string; at: Date; byName: string | null };

/** The audit actions that change a lexicon term or pattern (entity_type 'compliance_rule'). */
const RULE_ACTIONS = [
  'compliance_term_added',
  'compliance_term_updated',
  'compliance_term_deleted',
  'compliance_pattern_added',
  'compliance_pattern_updated',
  'compliance_pattern_deleted',
];

/**
 * The latest change of every rule of the organisation, keyed by the rule row's id: the organisation's
 * rule entries only (audit_logs_chain_action_seq_idx, as EXPLAIN on PostgreSQL shows), newest seq per
 * entity. Rule edits are few next to the chain's other entries.
 */
export async function listRuleLastChanges(db: DbOrTx, orgId: string): Promise<LastChangeRow[]> {
  const rows = await db
    .selectDistinctOn([auditLogs.entityId], {
      key: auditLogs.entityId,
      entryId: auditLogs.id,
      at: auditLogs.createdAt,
      byName: profiles.name,
    })
    .from(auditLogs)
    .leftJoin(profiles, eq(profiles.id, auditLogs.actorId))
    .where(
      and(
        eq(auditLogs.chain, orgId),
        eq(auditLogs.entityType, 'compliance_rule'),
        inArray(auditLogs.actionType, RULE_ACTIONS),
      ),
    )
    .orderBy(auditLogs.entityId, desc(auditLogs.seq));
  return rows.flatMap((row) => (row.key ? [{ ...row, key: row.key }] : []));
}

/**
 * The latest change of each settings field, keyed by field name: a settings entry lists the fields it
 * changed in `details.changed`, so a save that left the matrix alone does not count as its change
 * (audit_logs_chain_action_seq_idx; settings saves are few).
 */
export async function listSettingsLastChanges(db: DbOrTx, orgId: string): Promise<LastChangeRow[]> {
  const result = (await db.execute(sql`
    select distinct on (f.key) f.key, a.id as "entryId", a.created_at as at, p.name as "byName"
    from ${auditLogs} a
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(a.details->'changed') = 'array' then a.details->'changed' else '[]'::jsonb end
    ) as f(key)
    left join ${profiles} p on p.id = a.actor_id
    where a.chain = ${orgId} and a.action_type = 'compliance_settings_updated'
    order by f.key, a.seq desc`)) as {
    rows: { key: string; entryId: string; at: Date | string; byName: string | null }[];
  };
  return result.rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

export async function findComplianceRule(
  db: DbOrTx,
  input: { orgId: string; kind: 'term' | 'pattern'; key: string },
): Promise<ComplianceRuleRow | null> {
  const [row] = await db
    .select()
    .from(complianceRules)
    .where(
      and(
        eq(complianceRules.orgId, input.orgId),
        eq(complianceRules.kind, input.kind),
        eq(complianceRules.key, input.key),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertComplianceRule(tx: Tx, values: typeof complianceRules.$inferInsert) {
  const [row] = await tx.insert(complianceRules).values(values).returning();
  if (!row) throw new Error('compliance_rules insert returned nothing');
  return row;
}

export async function updateComplianceRule(
  tx: Tx,
  id: string,
  values: Partial<typeof complianceRules.$inferInsert>,
): Promise<void> {
  await tx.update(complianceRules).set(values).where(eq(complianceRules.id, id));
}

export async function deleteComplianceRule(tx: Tx, id: string): Promise<void> {
  await tx.delete(complianceRules).where(eq(complianceRules.id, id));
}

export async function findComplianceSettings(
  db: DbOrTx,
  orgId: string,
): Promise<ComplianceSettingsRow | null> {
  const [row] = await db
    .select()
    .from(complianceSettings)
    .where(eq(complianceSettings.orgId, orgId))
    .limit(1);
  return row ?? null;
}

export async function upsertComplianceSettings(
  tx: Tx,
  values: typeof complianceSettings.$inferInsert,
): Promise<ComplianceSettingsRow> {
  const { orgId: _orgId, ...changes } = values;
  const [row] = await tx
    .insert(complianceSettings)
    .values(values)
    .onConflictDoUpdate({ target: complianceSettings.orgId, set: changes })
    .returning();
  if (!row) throw new Error('compliance_settings upsert returned nothing');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Templates

const templateColumns = {
  id: responseTemplates.id,
  title: responseTemplates.title,
  body: responseTemplates.body,
  updatedByName: profiles.name,
  createdAt: responseTemplates.createdAt,
  updatedAt: responseTemplates.updatedAt,
  archivedAt: responseTemplates.archivedAt,
};

export type TemplateRow = {
  id: string;
  title: string;
  body: string;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
};

/** Active templates by title (then id), a page after the cursor's (title, id); the total too. */
export async function listTemplates(
  db: DbOrTx,
  input: { orgId: string; q?: string; limit: number; after?: { title: string; id: string } },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const filters: (SQL | undefined)[] = [
    eq(responseTemplates.orgId, input.orgId),
    isNull(responseTemplates.archivedAt),
  ];
  if (input.q) {
    const pattern = containsPattern(input.q);
    filters.push(or(ilike(responseTemplates.title, pattern), ilike(responseTemplates.body, pattern)));
  }
  const where = and(...filters);
  const after = input.after;
  const page = after
    ? and(
        where,
        or(
          gt(responseTemplates.title, after.title),
          and(eq(responseTemplates.title, after.title), gt(responseTemplates.id, after.id)),
        ),
      )
    : where;
  const [rows, totals] = await Promise.all([
    db
      .select(templateColumns)
      .from(responseTemplates)
      .leftJoin(profiles, eq(profiles.id, responseTemplates.updatedBy))
      .where(page)
      .orderBy(asc(responseTemplates.title), asc(responseTemplates.id))
      .limit(input.limit + 1),
    db.select({ total: count() }).from(responseTemplates).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function countActiveTemplates(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(responseTemplates)
    .where(and(eq(responseTemplates.orgId, orgId), isNull(responseTemplates.archivedAt)));
  return row?.total ?? 0;
}

/** Which of `ids` are templates of the organisation (archived ones too: they were approved when inserted). */
export async function findTemplateIds(db: DbOrTx, orgId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: responseTemplates.id })
    .from(responseTemplates)
    .where(and(eq(responseTemplates.orgId, orgId), inArray(responseTemplates.id, [...ids])));
  return rows.map((row) => row.id);
}

/** An active template of the organisation, or null (archived and other organisations' are 404). */
export async function findTemplate(db: DbOrTx, orgId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await db
    .select(templateColumns)
    .from(responseTemplates)
    .leftJoin(profiles, eq(profiles.id, responseTemplates.updatedBy))
    .where(
      and(
        eq(responseTemplates.orgId, orgId),
        eq(responseTemplates.id, id),
        isNull(responseTemplates.archivedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertTemplate(tx: Tx, values: typeof responseTemplates.$inferInsert): Promise<string> {
  const [row] = await tx.insert(responseTemplates).values(values).returning({ id: responseTemplates.id });
  if (!row) throw new Error('response_templates insert returned nothing');
  return row.id;
}

/** Changes an active template; false when there is none (so an archived one stays archived). */
export async function updateTemplate(
  tx: Tx,
  input: { orgId: string; id: string; values: Partial<typeof responseTemplates.$inferInsert> },
): Promise<boolean> {
  const rows = await tx
    .update(responseTemplates)
    .set(input.values)
    .where(
      and(
        eq(responseTemplates.orgId, input.orgId),
        eq(responseTemplates.id, input.id),
        isNull(responseTemplates.archivedAt),
      ),
    )
    .returning({ id: responseTemplates.id });
  return rows.length > 0;
}
