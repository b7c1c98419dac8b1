import {
  type ApprovalLevel,
  type ApprovalMatrix,
  approvalLevelOf,
  approvalMatrixSchema,
  CLAIM_RULES,
  type ClaimRule,
  type ClassRules,
  COMPLIANCE_SETTINGS_FIELDS,
  type ComplianceCheckInput,
  type ComplianceCheckResponse,
  type ComplianceFlag,
  type ComplianceOverview,
  type ComplianceSettings,
  type ComplianceSeverity,
  classRulesOf,
  type complianceSettingsInputSchema,
  DEFAULT_APPROVAL_MATRIX,
  DEFAULT_DISCLAIMER,
  DEFAULT_REVIEW_SAMPLE_PERCENT,
  DEFAULT_RISK_FACTOR_TAGS,
  DEFAULT_UNSUPPORTED_FIGURE_SEVERITY,
  flagRationale,
  type RuleLastChanged,
  requiresDirectorApproval,
  type SecondOpinionStatus,
} from '@parley/contracts';
import type { Flag, GuardrailPolicy, LexiconEntry, PatternRule } from '@parley/guardrails';
import { BUILTIN_PATTERNS, DEFAULT_LEXICON } from '@parley/guardrails/rules';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { getAuditChainStatus } from '../audit/audit-chain-status';
import { findProject } from '../projects/projects.service';
import {
  type ComplianceRuleRow,
  countActiveTemplates,
  findComplianceSettings,
  type LastChangeRow,
  listComplianceRules,
  listSettingsLastChanges,
  upsertComplianceSettings,
} from './compliance.queries';
import { loadCheck } from './load-check';
import { OPINION_OFF, type Opinion, reviewUncertain, uncertainOf } from './second-opinion';

/** Who changes the policy, templates or settings: the member named in their audit entries. */
export type ComplianceEditor = Pick<Actor, 'userId' | 'orgId'>;

export type DisclaimerSettings = {
  forward_looking_disclaimer: string;
  risk_factor_tags: string[];
  compliance_contact: string;
};

export type OrgCompliancePolicy = {
  policy: GuardrailPolicy;
  settings: DisclaimerSettings;
  matrix: ApprovalMatrix;
  /** The claim check's unsupported-figure severity (docs/decisions/026-claim-check.md). */
  unsupportedFigureSeverity: ComplianceSeverity;
  /** Nobody finalises a reply they wrote or submitted (docs/decisions/052-four-eyes.md). */
  fourEyes: boolean;
  /** Share (0–100) of replies sent without pre-approval drawn for supervisory review. */
  reviewSamplePercent: number;
  /** Per communication class: approval path and who may override (docs/decisions/054-communication-class.md). */
  classRules: ClassRules;
};

/**
 * A finding of the claim check on the checked text (docs/decisions/026-claim-check.md), worked out
 * by the caller, which knows the version's passages; the policy gives it its severity.
 */
export type ClaimFlagInput = Pick<ComplianceFlag, 'term' | 'start' | 'end' | 'suggestion' | 'citation'> & {
  rule: ClaimRule;
  rationale: string;
};

/** A checked flag: the checker's, the claim check's (which may name the passage its fix cites) or the model's. */
export type CheckedFlag = Flag & Pick<ComplianceFlag, 'citation' | 'source'>;

export type OrgCheckResult = {
  flags: CheckedFlag[];
  requires_approval: boolean;
  level: ApprovalLevel;
  /** Set when the check was given a second opinion (docs/decisions/022-second-opinion.md). */
  second_opinion?: SecondOpinionStatus;
};

/** A term's key: lower-cased, inner whitespace collapsed (the lexicon matches case-insensitively). */
export function termKey(term: string): string {
  return term.trim().replace(/\s+/g, ' ').toLowerCase();
}

export type PolicyView = {
  lexicon: (LexiconEntry & { key: string; is_builtin: boolean })[];
  patterns: (PatternRule & { is_builtin: boolean })[];
};

/** The built-in defaults with the organisation's rows laid over them, then its own rules. */
export function policyViewOf(rows: readonly ComplianceRuleRow[]): PolicyView {
  const termRows = new Map<string, ComplianceRuleRow>();
  const patternRows = new Map<string, ComplianceRuleRow>();
  for (const row of rows) (row.kind === 'term' ? termRows : patternRows).set(row.key, row);

  const lexicon: PolicyView['lexicon'] = DEFAULT_LEXICON.map((entry) => {
    const key = termKey(entry.term);
    const row = termRows.get(key);
    termRows.delete(key);
    return row
      ? {
          term: entry.term,
          key,
          severity: row.severity,
          suggestion: row.suggestion,
          enabled: row.enabled,
          is_builtin: true,
        }
      : { ...entry, key, is_builtin: true };
  });
  for (const row of termRows.values()) {
    // A row for a built-in term the checker no longer ships is left alone, never applied.
    if (row.isBuiltin) continue;
    lexicon.push({
      term: row.name || row.key,
      key: row.key,
      severity: row.severity,
      suggestion: row.suggestion,
      enabled: row.enabled,
      is_builtin: false,
    });
  }

  const patterns: PolicyView['patterns'] = BUILTIN_PATTERNS.map((rule) => {
    const row = patternRows.get(rule.id);
    patternRows.delete(rule.id);
    return row
      ? {
          ...rule,
          severity: row.severity,
          suggestion: row.suggestion,
          explanation: row.explanation || rule.explanation,
          enabled: row.enabled,
          is_builtin: true,
        }
      : { ...rule, is_builtin: true };
  });
  for (const row of patternRows.values()) {
    if (row.isBuiltin || !row.phrase) continue;
    patterns.push({
      id: row.key,
      name: row.name,
      severity: row.severity,
      suggestion: row.suggestion,
      explanation: row.explanation,
      enabled: row.enabled,
      phrase: row.phrase,
      is_builtin: false,
    });
  }
  return { lexicon, patterns };
}

function matrixOf(stored: unknown): ApprovalMatrix {
  const parsed = approvalMatrixSchema.safeParse(stored);
  return parsed.success ? (parsed.data as ApprovalMatrix) : DEFAULT_APPROVAL_MATRIX;
}

function settingsOf(row: Awaited<ReturnType<typeof findComplianceSettings>>): DisclaimerSettings {
  return row
    ? {
        forward_looking_disclaimer: row.forwardLookingDisclaimer,
        risk_factor_tags: row.riskFactorTags,
        compliance_contact: row.complianceContact,
      }
    : {
        forward_looking_disclaimer: DEFAULT_DISCLAIMER,
        risk_factor_tags: [...DEFAULT_RISK_FACTOR_TAGS],
        compliance_contact: '',
      };
}

/** Whether the organisation's four-eyes rule is on (docs/decisions/052-four-eyes.md): one row by key. */
export async function isFourEyesOn(db: DbOrTx, orgId: string): Promise<boolean> {
  return (await findComplianceSettings(db, orgId))?.fourEyes ?? false;
}

/**
 * The organisation's compliance policy: the checker's built-in lexicon and patterns with its
 * compliance_rules laid over them, its disclaimer block and its approval matrix (defaults until saved).
 */
export async function loadCompliancePolicy(db: DbOrTx, orgId: string): Promise<OrgCompliancePolicy> {
  // One after the other: callers pass their transaction, whose one connection takes a query at a time.
  const rows = await listComplianceRules(db, orgId);
  const settingsRow = await findComplianceSettings(db, orgId);
  const view = policyViewOf(rows);
  return {
    policy: {
      lexicon: view.lexicon.map(({ term, severity, suggestion, enabled }) => ({
        term,
        severity,
        suggestion,
        enabled,
      })),
      patterns: view.patterns.map(({ is_builtin: _builtin, ...rule }) => rule),
    },
    settings: settingsOf(settingsRow),
    matrix: matrixOf(settingsRow?.approvalMatrix),
    unsupportedFigureSeverity: settingsRow?.unsupportedFigureSeverity ?? DEFAULT_UNSUPPORTED_FIGURE_SEVERITY,
    fourEyes: settingsRow?.fourEyes ?? false,
    reviewSamplePercent: settingsRow?.reviewSamplePercent ?? DEFAULT_REVIEW_SAMPLE_PERCENT,
    classRules: classRulesOf(settingsRow?.classRules),
  };
}

/**
 * Checks a text with the organisation's policy; requires_approval follows its approval matrix. With
 * an `opinion` on this very text, its model flags are added after the checker's (never instead);
 * `replyFlags` as in checkWithPolicy.
 */
export async function checkWithOrgPolicy(
  db: DbOrTx,
  orgId: string,
  text: string,
  opinion?: Opinion,
  replyFlags: readonly Flag[] = [],
): Promise<OrgCheckResult> {
  return checkWithPolicy(await loadCompliancePolicy(db, orgId), text, opinion, [], replyFlags);
}

/** A claim check finding as a flag, with the organisation's severity for its rule. */
function claimFlagOf(orgPolicy: OrgCompliancePolicy, claim: ClaimFlagInput): CheckedFlag {
  const rule = CLAIM_RULES[claim.rule];
  return {
    term: claim.term,
    severity: 'severity' in rule ? rule.severity : orgPolicy.unsupportedFigureSeverity,
    suggestion: claim.suggestion,
    start: claim.start,
    end: claim.end,
    rule: claim.rule,
    explanation: rule.explanation,
    rationale: claim.rationale,
    ...(claim.citation ? { citation: claim.citation } : {}),
  };
}

/** The checker's policy: the rules, and the disclaimer that lets it treat a hedged estimate as low. */
function checkerPolicyOf({ policy, settings }: OrgCompliancePolicy): GuardrailPolicy {
  return { ...policy, disclaimer: settings.forward_looking_disclaimer };
}

/**
 * The same check with a policy the caller already loaded (it needs the matrix too). The claim check's
 * findings on this text (docs/decisions/026-claim-check.md) come after the checker's flags and before
 * the model's; `replyFlags`, what the reply's own checks found (its consistency with the fund's
 * earlier replies, docs/decisions/027-consistency-across-investors.md), come last. All count towards
 * requires_approval.
 */
export async function checkWithPolicy(
  orgPolicy: OrgCompliancePolicy,
  text: string,
  opinion?: Opinion,
  claims: readonly ClaimFlagInput[] = [],
  replyFlags: readonly Flag[] = [],
): Promise<OrgCheckResult> {
  const check = await loadCheck();
  const local = check(text, checkerPolicyOf(orgPolicy)).flags;
  // An opinion on another text says nothing about this one: the local verdict alone, said so.
  const relevant = opinion?.status === 'off' || opinion?.text === text;
  const added = opinion && opinion.status !== 'off' && relevant ? opinion.flags : [];
  const flags: CheckedFlag[] = [
    ...local,
    ...claims.map((claim) => claimFlagOf(orgPolicy, claim)),
    ...added.map((flag) => ({ ...flag, rationale: flagRationale(flag) })),
    ...replyFlags,
  ];
  return {
    flags,
    requires_approval: requiresDirectorApproval(orgPolicy.matrix, flags),
    level: approvalLevelOf(flags),
    ...(opinion ? { second_opinion: relevant ? opinion.status : 'unavailable' } : {}),
  };
}

/**
 * Decision 022: the model's opinion on the sentences the checker is unsure of in `text`, asked
 * outside any transaction (it may take seconds); the caller then checks and stores under its lock.
 */
export async function askSecondOpinion(
  ctx: Pick<ServiceContext, 'db' | 'secondOpinion' | 'logger'>,
  orgId: string,
  text: string,
): Promise<Opinion> {
  if (!ctx.secondOpinion) return OPINION_OFF;
  const orgPolicy = await loadCompliancePolicy(ctx.db, orgId);
  const check = await loadCheck();
  return reviewUncertain(ctx, text, uncertainOf(check(text, checkerPolicyOf(orgPolicy))));
}

/** The disclaimer block a draft ends with: the disclaimer, then the compliance contact when set. */
export function disclaimerText(settings: DisclaimerSettings): string {
  const contact = settings.compliance_contact.trim();
  return contact
    ? `${settings.forward_looking_disclaimer}\n\nCompliance contact: ${contact}`
    : settings.forward_looking_disclaimer;
}

// ---------------------------------------------------------------------------------------------
// Checks

/** POST /api/compliance/check (docs/api.md): any text, with the organisation's policy. */
export async function checkText(
  ctx: Pick<ServiceContext, 'db' | 'secondOpinion' | 'logger'>,
  actor: Pick<Actor, 'orgId'>,
  input: ComplianceCheckInput,
): Promise<ComplianceCheckResponse> {
  if (input.project_id && !(await findProject(ctx.db, actor.orgId, input.project_id))) {
    throw new AppError('NOT_FOUND');
  }
  const opinion = await askSecondOpinion(ctx, actor.orgId, input.text);
  const { flags, requires_approval, second_opinion } = await checkWithOrgPolicy(
    ctx.db,
    actor.orgId,
    input.text,
    opinion,
  );
  return { flags, requires_approval, ...(second_opinion ? { second_opinion } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Overview

/**
 * The Compliance center's counts (docs/product.md §2). The audit chain is shown as last verified and
 * checkpointed: re-walking it on every page load would cost a full read of the chain.
 */
export async function getComplianceOverview(
  ctx: Pick<ServiceContext, 'db' | 'auditSigner'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<ComplianceOverview> {
  const { orgId } = actor;
  const [{ policy }, templates, chain] = await Promise.all([
    loadCompliancePolicy(ctx.db, orgId),
    countActiveTemplates(ctx.db, orgId),
    getAuditChainStatus(ctx, orgId),
  ]);
  const active =
    policy.lexicon.filter((entry) => entry.enabled).length +
    policy.patterns.filter((rule) => rule.enabled).length;
  return {
    active_patterns: active,
    total_patterns: policy.lexicon.length + policy.patterns.length,
    approved_templates: templates,
    chain,
  };
}

/** The DTO of the latest change of `key` (a rule row's id or a settings field), or null if never changed. */
export function lastChangedOf(changes: readonly LastChangeRow[], key: string | undefined): RuleLastChanged {
  const change = key === undefined ? undefined : changes.find((c) => c.key === key);
  return change
    ? { at: change.at.toISOString(), by_name: change.byName, audit_entry_id: change.entryId }
    : null;
}

/** An audit entry for a compliance change, by the acting member. */
export function auditComplianceChange(
  tx: Tx,
  ctx: Pick<ServiceContext, 'clock'>,
  actor: ComplianceEditor,
  entry: {
    actionType: string;
    entityType: string;
    entityId: string | null;
    details: Record<string, unknown>;
  },
) {
  return appendAudit(tx, ctx.clock, { orgId: actor.orgId, actorId: actor.userId, ...entry });
}

// ---------------------------------------------------------------------------------------------
// Settings

/** The settings as the API gives them, from the stored row (defaults for what was never saved). */
function settingsViewOf(row: Awaited<ReturnType<typeof findComplianceSettings>>) {
  return {
    ...settingsOf(row),
    approval_matrix: matrixOf(row?.approvalMatrix),
    unsupported_figure_severity: row?.unsupportedFigureSeverity ?? DEFAULT_UNSUPPORTED_FIGURE_SEVERITY,
    four_eyes: row?.fourEyes ?? false,
    class_rules: classRulesOf(row?.classRules),
    review_sample_percent: row?.reviewSamplePercent ?? DEFAULT_REVIEW_SAMPLE_PERCENT,
  };
}

/** The settings whose audit entry keeps the value before and after (the texts are named only). */
const AUDITED_WITH_VALUES = [
  'approval_matrix',
  'unsupported_figure_severity',
  'four_eyes',
  'class_rules',
  'review_sample_percent',
] as const;

export async function getComplianceSettings(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<ComplianceSettings> {
  const [row, changes] = await Promise.all([
    findComplianceSettings(ctx.db, actor.orgId),
    listSettingsLastChanges(ctx.db, actor.orgId),
  ]);
  return {
    ...settingsViewOf(row),
    updated_at: row?.updatedAt.toISOString() ?? null,
    last_changed: Object.fromEntries(
      COMPLIANCE_SETTINGS_FIELDS.map((field) => [field, lastChangedOf(changes, field)]),
    ) as ComplianceSettings['last_changed'],
  };
}

export async function saveComplianceSettings(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: ComplianceEditor,
  data: z.output<typeof complianceSettingsInputSchema>,
): Promise<ComplianceSettings> {
  await ctx.db.transaction(async (tx) => {
    const previous = settingsViewOf(await findComplianceSettings(tx, actor.orgId));
    // A client that does not know a later setting (claim check, four-eyes, classes) keeps the stored one.
    const next = {
      ...data,
      unsupported_figure_severity: data.unsupported_figure_severity ?? previous.unsupported_figure_severity,
      four_eyes: data.four_eyes ?? previous.four_eyes,
      class_rules: data.class_rules ?? previous.class_rules,
      review_sample_percent: data.review_sample_percent ?? previous.review_sample_percent,
    };
    await upsertComplianceSettings(tx, {
      orgId: actor.orgId,
      forwardLookingDisclaimer: next.forward_looking_disclaimer,
      riskFactorTags: next.risk_factor_tags,
      complianceContact: next.compliance_contact,
      approvalMatrix: next.approval_matrix,
      unsupportedFigureSeverity: next.unsupported_figure_severity,
      fourEyes: next.four_eyes,
      classRules: next.class_rules,
      reviewSamplePercent: next.review_sample_percent,
      updatedBy: actor.userId,
      updatedAt: ctx.clock.now(),
    });
    const changed = (Object.keys(previous) as (keyof typeof previous)[]).filter(
      (key) => JSON.stringify(previous[key]) !== JSON.stringify(next[key]),
    );
    const values = AUDITED_WITH_VALUES.filter((field) => changed.includes(field)).map((field) => [
      field,
      { before: previous[field], after: next[field] },
    ]);
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'compliance_settings_updated',
      entityType: 'compliance_settings',
      entityId: null,
      details: { changed, ...Object.fromEntries(values) },
    });
  });
  return getComplianceSettings(ctx, actor);
}
