/** The forbidden lexicon and guardrail patterns as an organisation edits them (docs/decisions/015-compliance-policy-and-approvals.md). */
import { randomUUID } from 'node:crypto';
import type {
  CompliancePattern,
  CompliancePolicyResponse,
  ComplianceTerm,
  createPatternInputSchema,
  createTermInputSchema,
  RuleLastChanged,
  updatePatternInputSchema,
  updateTermInputSchema,
} from '@parley/contracts';
import { validatePhrase } from '@parley/guardrails/rules';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  deleteComplianceRule,
  findComplianceRule,
  insertComplianceRule,
  listComplianceRules,
  listRuleLastChanges,
  updateComplianceRule,
} from './compliance.queries';
import {
  auditComplianceChange,
  type ComplianceEditor,
  lastChangedOf,
  type PolicyView,
  policyViewOf,
  termKey,
} from './compliance.service';

/** Inputs as the routes' schemas output them (validated, defaults applied). */
type CreateTerm = z.output<typeof createTermInputSchema>;
type UpdateTerm = z.output<typeof updateTermInputSchema>;
type CreatePattern = z.output<typeof createPatternInputSchema>;
type UpdatePattern = z.output<typeof updatePatternInputSchema>;
type RulesContext = Pick<ServiceContext, 'db' | 'clock'>;

function termDto(entry: PolicyView['lexicon'][number], lastChanged: RuleLastChanged): ComplianceTerm {
  return {
    key: entry.key,
    term: entry.term,
    severity: entry.severity,
    suggestion: entry.suggestion,
    enabled: entry.enabled,
    is_builtin: entry.is_builtin,
    last_changed: lastChanged,
  };
}

function patternDto(rule: PolicyView['patterns'][number], lastChanged: RuleLastChanged): CompliancePattern {
  return {
    id: rule.id,
    name: rule.name,
    severity: rule.severity,
    suggestion: rule.suggestion,
    explanation: rule.explanation,
    enabled: rule.enabled,
    is_builtin: rule.is_builtin,
    phrase: rule.is_builtin ? null : rule.phrase,
    last_changed: lastChanged,
  };
}

async function policyView(db: DbOrTx, orgId: string): Promise<PolicyView> {
  return policyViewOf(await listComplianceRules(db, orgId));
}

/** The policy as the API shows it: each rule with its latest audited change (audit entries name the row id). */
async function policyDtos(db: DbOrTx, orgId: string): Promise<CompliancePolicyResponse> {
  const [rows, changes] = await Promise.all([listComplianceRules(db, orgId), listRuleLastChanges(db, orgId)]);
  const view = policyViewOf(rows);
  const rowIds = new Map(rows.map((row) => [`${row.kind}:${row.key}`, row.id]));
  const lastChanged = (kind: 'term' | 'pattern', key: string) =>
    lastChangedOf(changes, rowIds.get(`${kind}:${key}`));
  return {
    lexicon: view.lexicon.map((entry) => termDto(entry, lastChanged('term', entry.key))),
    patterns: view.patterns.map((rule) => patternDto(rule, lastChanged('pattern', rule.id))),
  };
}

export async function getCompliancePolicy(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<CompliancePolicyResponse> {
  return policyDtos(ctx.db, actor.orgId);
}

/** A unique index refused the row: someone made the same rule at the same moment. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a policy write; a concurrent write of the same rule answers 409 instead of a 500. */
async function policyWrite<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

const concurrentChange = () =>
  new AppError('CONFLICT', { message: 'This rule was changed at the same time. Reload and try again.' });

const duplicateTerm = () =>
  new AppError('CONFLICT', {
    message: 'This term is already on the lexicon.',
    fields: { term: 'Already on the lexicon' },
  });

export async function addTerm(
  ctx: RulesContext,
  actor: ComplianceEditor,
  data: CreateTerm,
): Promise<ComplianceTerm> {
  const term = data.term.replace(/\s+/g, ' ');
  const key = termKey(term);
  await policyWrite(
    () =>
      ctx.db.transaction(async (tx) => {
        const view = await policyView(tx, actor.orgId);
        if (
          view.lexicon.some((entry) => entry.key === key) ||
          (await findComplianceRule(tx, { orgId: actor.orgId, kind: 'term', key }))
        ) {
          throw duplicateTerm();
        }
        const row = await insertComplianceRule(tx, {
          orgId: actor.orgId,
          kind: 'term',
          key,
          name: term,
          severity: data.severity,
          suggestion: data.suggestion,
          enabled: data.enabled,
          isBuiltin: false,
          updatedBy: actor.userId,
          createdAt: ctx.clock.now(),
          updatedAt: ctx.clock.now(),
        });
        await auditComplianceChange(tx, ctx, actor, {
          actionType: 'compliance_term_added',
          entityType: 'compliance_rule',
          entityId: row.id,
          details: { term, severity: data.severity, suggestion: data.suggestion, enabled: data.enabled },
        });
      }),
    duplicateTerm,
  );
  return requireTerm(ctx.db, actor.orgId, key);
}

async function requireTerm(db: DbOrTx, orgId: string, key: string): Promise<ComplianceTerm> {
  const entry = (await policyDtos(db, orgId)).lexicon.find((e) => e.key === key);
  if (!entry) throw new AppError('NOT_FOUND');
  return entry;
}

export async function updateTerm(
  ctx: RulesContext,
  actor: ComplianceEditor,
  input: { key: string } & UpdateTerm,
): Promise<ComplianceTerm> {
  const { key: rawKey, ...data } = input;
  const key = termKey(rawKey);
  await policyWrite(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = (await policyView(tx, actor.orgId)).lexicon.find((e) => e.key === key);
        if (!current) throw new AppError('NOT_FOUND');
        const next = {
          severity: data.severity ?? current.severity,
          suggestion: data.suggestion ?? current.suggestion,
          enabled: data.enabled ?? current.enabled,
        };
        const row = await findComplianceRule(tx, { orgId: actor.orgId, kind: 'term', key });
        const now = ctx.clock.now();
        let id: string;
        if (row) {
          await updateComplianceRule(tx, row.id, { ...next, updatedBy: actor.userId, updatedAt: now });
          id = row.id;
        } else {
          const inserted = await insertComplianceRule(tx, {
            orgId: actor.orgId,
            kind: 'term',
            key,
            name: current.term,
            ...next,
            isBuiltin: current.is_builtin,
            updatedBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          id = inserted.id;
        }
        await auditComplianceChange(tx, ctx, actor, {
          actionType: 'compliance_term_updated',
          entityType: 'compliance_rule',
          entityId: id,
          details: {
            term: current.term,
            is_builtin: current.is_builtin,
            before: { severity: current.severity, suggestion: current.suggestion, enabled: current.enabled },
            after: next,
          },
        });
      }),
    concurrentChange,
  );
  return requireTerm(ctx.db, actor.orgId, key);
}

export async function deleteTerm(
  ctx: RulesContext,
  actor: ComplianceEditor,
  input: { key: string },
): Promise<void> {
  const key = termKey(input.key);
  await ctx.db.transaction(async (tx) => {
    const current = (await policyView(tx, actor.orgId)).lexicon.find((e) => e.key === key);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.is_builtin) throw new AppError('BUILTIN_RULE');
    const row = await findComplianceRule(tx, { orgId: actor.orgId, kind: 'term', key });
    if (!row) throw new AppError('NOT_FOUND');
    await deleteComplianceRule(tx, row.id);
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'compliance_term_deleted',
      entityType: 'compliance_rule',
      entityId: row.id,
      details: { term: current.term, severity: current.severity },
    });
  });
}

function assertPhrase(phrase: string) {
  const problem = validatePhrase(phrase);
  if (problem) throw new AppError('VALIDATION_FAILED', { fields: { phrase: problem } });
}

async function requirePattern(db: DbOrTx, orgId: string, id: string): Promise<CompliancePattern> {
  const rule = (await policyDtos(db, orgId)).patterns.find((p) => p.id === id);
  if (!rule) throw new AppError('NOT_FOUND');
  return rule;
}

export async function addPattern(
  ctx: RulesContext,
  actor: ComplianceEditor,
  data: CreatePattern,
): Promise<CompliancePattern> {
  assertPhrase(data.phrase);
  const id = `custom-${randomUUID().slice(0, 8)}`;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await insertComplianceRule(tx, {
      orgId: actor.orgId,
      kind: 'pattern',
      key: id,
      name: data.name,
      phrase: data.phrase,
      severity: data.severity,
      suggestion: data.suggestion,
      explanation: data.explanation,
      enabled: data.enabled,
      isBuiltin: false,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'compliance_pattern_added',
      entityType: 'compliance_rule',
      entityId: row.id,
      details: { id, name: data.name, phrase: data.phrase, severity: data.severity, enabled: data.enabled },
    });
  });
  return requirePattern(ctx.db, actor.orgId, id);
}

export async function updatePattern(
  ctx: RulesContext,
  actor: ComplianceEditor,
  input: { id: string } & UpdatePattern,
): Promise<CompliancePattern> {
  const { id, ...data } = input;
  await policyWrite(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = (await policyView(tx, actor.orgId)).patterns.find((p) => p.id === id);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.is_builtin && (data.name !== undefined || data.phrase !== undefined)) {
          const field = data.phrase !== undefined ? 'phrase' : 'name';
          throw new AppError('VALIDATION_FAILED', {
            fields: {
              [field]:
                'A built-in pattern’s name and rule cannot be changed; change its severity or disable it',
            },
          });
        }
        if (data.phrase !== undefined) assertPhrase(data.phrase);
        const next = {
          name: data.name ?? current.name,
          phrase: current.is_builtin ? null : (data.phrase ?? current.phrase),
          severity: data.severity ?? current.severity,
          suggestion: data.suggestion ?? current.suggestion,
          explanation: data.explanation ?? current.explanation,
          enabled: data.enabled ?? current.enabled,
        };
        const row = await findComplianceRule(tx, { orgId: actor.orgId, kind: 'pattern', key: id });
        const now = ctx.clock.now();
        let rowId: string;
        if (row) {
          await updateComplianceRule(tx, row.id, { ...next, updatedBy: actor.userId, updatedAt: now });
          rowId = row.id;
        } else {
          const inserted = await insertComplianceRule(tx, {
            orgId: actor.orgId,
            kind: 'pattern',
            key: id,
            ...next,
            isBuiltin: true,
            updatedBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          rowId = inserted.id;
        }
        await auditComplianceChange(tx, ctx, actor, {
          actionType: 'compliance_pattern_updated',
          entityType: 'compliance_rule',
          entityId: rowId,
          details: {
            id,
            is_builtin: current.is_builtin,
            before: {
              name: current.name,
              phrase: current.is_builtin ? null : current.phrase,
              severity: current.severity,
              suggestion: current.suggestion,
              enabled: current.enabled,
            },
            after: {
              name: next.name,
              phrase: next.phrase,
              severity: next.severity,
              suggestion: next.suggestion,
              enabled: next.enabled,
            },
          },
        });
      }),
    concurrentChange,
  );
  return requirePattern(ctx.db, actor.orgId, id);
}

export async function deletePattern(
  ctx: RulesContext,
  actor: ComplianceEditor,
  input: { id: string },
): Promise<void> {
  const { id } = input;
  await ctx.db.transaction(async (tx) => {
    const current = (await policyView(tx, actor.orgId)).patterns.find((p) => p.id === id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.is_builtin) throw new AppError('BUILTIN_RULE');
    const row = await findComplianceRule(tx, { orgId: actor.orgId, kind: 'pattern', key: id });
    if (!row) throw new AppError('NOT_FOUND');
    await deleteComplianceRule(tx, row.id);
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'compliance_pattern_deleted',
      entityType: 'compliance_rule',
      entityId: row.id,
      details: { id, name: current.name, phrase: current.phrase },
    });
  });
}
