import { z } from 'zod';
import { type ApprovalMatrix, approvalMatrixSchema } from './approval-matrix';
import { auditChainStatusSchema } from './audit';
import { type ClassRules, classRulesSchema } from './communication-class';

/** docs/product.md §3 Compliance flag severities, highest first. */
export const COMPLIANCE_SEVERITIES = ['high', 'medium', 'low'] as const;
export type ComplianceSeverity = (typeof COMPLIANCE_SEVERITIES)[number];

const severitySchema = z.enum(COMPLIANCE_SEVERITIES, { error: 'Use high, medium or low' });

/** Field caps (ours). */
export const COMPLIANCE_LIMITS = {
  text: 20_000,
  term: 80,
  suggestion: 200,
  explanation: 300,
  patternName: 80,
  phrase: 200,
  disclaimer: 2_000,
  riskTag: 60,
  riskTags: 20,
  contact: 200,
  templateTitle: 120,
  templateBody: 10_000,
  search: 100,
} as const;

/**
 * docs/product.md §3 Compliance flag: term, severity, suggestion, start and end offsets (UTF-16, end
 * exclusive).
 */
export const complianceFlagSchema = z.object({
  term: z.string(),
  severity: severitySchema,
  suggestion: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /**
   * `lexicon:<term>`, `pattern:<id>` (sentence frames too), `classifier:<label>` (the checker's model),
   * `model:<label>` (the second opinion), or one of the claim check's CLAIM_RULES
   * (`unsupported_figure`, `unsourced_link`, `second_sign_off`; docs/decisions/026-claim-check.md).
   */
  rule: z.string(),
  explanation: z.string(),
  /**
   * Why this sentence was flagged, quoting it ('Promises a return: "You'll earn 9% a year"'). Checks
   * stored before rationales existed lack it; show `explanation` then.
   */
  rationale: z.string().optional(),
  /**
   * Who raised the flag: the local checker, or the optional second-opinion model (never a silent
   * replacement of the checker's verdict). Absent on older checks: the checker.
   */
  source: z.enum(['checker', 'model']).optional(),
  /**
   * The fund passage the suggestion quotes (an unsupported figure's fix): Apply Fix makes the new
   * version cite it, appended to its citations when it is not among them.
   */
  citation: z.object({ id: z.string(), doc_path: z.string() }).optional(),
  /** Set when a user marked the flag 'not a problem here' (docs/product.md §3): who, when and why. */
  dismissal: z.object({ reason: z.string(), by_name: z.string().nullable(), at: z.string() }).optional(),
});
export type ComplianceFlag = z.infer<typeof complianceFlagSchema>;

/**
 * The claim check's rules (docs/decisions/026-claim-check.md): each sentence's figures and dates
 * against the passages it cites, its links, its sign-off. An unsupported figure's severity is the
 * organisation's setting (`unsupported_figure_severity`, medium by default); the others are fixed.
 */
export const CLAIM_RULES = {
  unsupported_figure: {
    label: 'Unsupported figure',
    explanation:
      'A figure or date that none of the passages this sentence cites contains. A reply quotes its sources exactly: a rounded or restated figure counts as unsupported.',
  },
  unsourced_link: {
    label: 'Unsourced link',
    severity: 'medium',
    explanation:
      'A link that none of the cited passages contains: the investor may be sent to unapproved material.',
  },
  selective_disclosure: {
    label: 'Selective disclosure',
    severity: 'high',
    explanation:
      'This sentence cites a document or passage marked non-public: telling one investor what the others have not been told is selective disclosure (Regulation FD).',
  },
  second_sign_off: {
    label: 'Second sign-off',
    severity: 'low',
    explanation:
      'A sign-off or signature besides the author’s closing: the reply must not read as signed by someone else.',
  },
} as const satisfies Record<string, { label: string; explanation: string; severity?: ComplianceSeverity }>;
export type ClaimRule = keyof typeof CLAIM_RULES;
export const CLAIM_RULE_NAMES = Object.keys(CLAIM_RULES) as ClaimRule[];

/** docs/decisions/026-claim-check.md: a figure no cited passage holds needs a look, not always a director. */
export const DEFAULT_UNSUPPORTED_FIGURE_SEVERITY: ComplianceSeverity = 'medium';

export function isClaimRule(rule: string): rule is ClaimRule {
  return Object.hasOwn(CLAIM_RULES, rule);
}

/** The name a flag's rule is shown with, where it has one ('Unsupported figure'); null for the checker's own. */
export function flagRuleLabel(rule: string): string | null {
  return isClaimRule(rule) ? CLAIM_RULES[rule].label : null;
}

/** Why a flag was raised, in words for its reader: the sentence-level rationale when the check has one. */
export function flagRationale(flag: { rationale?: string | undefined; explanation: string }): string {
  return flag.rationale || flag.explanation;
}

/**
 * The flags nobody has marked 'not a problem here': the ones that decide who may approve a reply and
 * that an approver must see.
 */
export function unresolvedFlags<T extends { dismissal?: unknown }>(flags: readonly T[]): T[] {
  return flags.filter((flag) => flag.dismissal === undefined);
}

/**
 * docs/product.md §3 ai_responses.compliance_tag, "a list of strings serialised as text": a JSON array of the
 * unique `<severity>:<lower-cased term>` of the flags, in order of appearance; '[]' when clean.
 */
export function complianceTagOf(flags: readonly { severity: string; term: string }[]): string {
  const tags: string[] = [];
  for (const flag of flags) {
    const tag = `${flag.severity}:${flag.term.toLowerCase()}`;
    if (!tags.includes(tag)) tags.push(tag);
  }
  return JSON.stringify(tags);
}

/** Counts of flags per severity (the flag summary banner). */
export function countFlagsBySeverity(
  flags: readonly { severity: string }[],
): Record<ComplianceSeverity, number> {
  const counts: Record<ComplianceSeverity, number> = { high: 0, medium: 0, low: 0 };
  for (const flag of flags) {
    if (flag.severity in counts) counts[flag.severity as ComplianceSeverity] += 1;
  }
  return counts;
}

/** DELETE answers of the compliance routes. */
export const complianceDeletedResponseSchema = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Checks

/** POST /api/compliance/check (docs/api.md). */
export const complianceCheckInputSchema = z.object({
  text: z
    .string({ error: 'Write the text to check' })
    .min(1, { error: 'Write the text to check' })
    .max(COMPLIANCE_LIMITS.text, { error: 'Keep the text under 20,000 characters' }),
  project_id: z.uuid({ error: 'Not a project id' }).optional(),
});
export type ComplianceCheckInput = z.infer<typeof complianceCheckInputSchema>;

/**
 * The second opinion on the sentences the local checker was unsure of (docs/decisions/022-second-opinion.md):
 * `used` the model answered; `not_needed` the checker was sure of every sentence, so nothing was sent;
 * `unavailable` the model was down, slow or answered garbage, so the verdict is the local checker's
 * alone; `off` no model is configured.
 */
export const SECOND_OPINION_STATUSES = ['used', 'not_needed', 'unavailable', 'off'] as const;
export type SecondOpinionStatus = (typeof SECOND_OPINION_STATUSES)[number];
const secondOpinionSchema = z.enum(SECOND_OPINION_STATUSES);

/** docs/product.md §7 ai-guardrail-check response: flags, requires_approval. */
export const complianceCheckResponseSchema = z.object({
  flags: z.array(complianceFlagSchema),
  requires_approval: z.boolean(),
  second_opinion: secondOpinionSchema.optional(),
});
export type ComplianceCheckResponse = z.infer<typeof complianceCheckResponseSchema>;

/** The check stored on a draft version (null until the version is checked). */
export const draftComplianceSchema = z.object({
  flags: z.array(complianceFlagSchema),
  requires_approval: z.boolean(),
  checked_at: z.string(),
  /** Absent on checks stored without one (before it existed, or the approval step's own re-check). */
  second_opinion: secondOpinionSchema.optional(),
});
export type DraftCompliance = z.infer<typeof draftComplianceSchema>;

/**
 * POST /api/messages/:id/drafts/:version/check (docs/product.md §7 ai-guardrail-check on a stored version).
 */
export const draftCheckResponseSchema = draftComplianceSchema;
export type DraftCheckResponse = DraftCompliance;

/** POST /api/messages/:id/drafts/:version/apply-fix: the flag's span, in the version it was found in. */
export const applyFixInputSchema = z
  .object({
    start: z.number({ error: 'Name the flag’s start' }).int({ error: 'Use a whole number' }).min(0),
    end: z.number({ error: 'Name the flag’s end' }).int({ error: 'Use a whole number' }).min(1),
    based_on_version: z
      .number({ error: 'Name the version the fix applies to' })
      .int({ error: 'Use a whole number' })
      .min(1, { error: 'Name the version the fix applies to' }),
  })
  .refine((input) => input.end > input.start, { path: ['end'], error: 'The end must follow the start' });
export type ApplyFixInput = z.infer<typeof applyFixInputSchema>;

// ---------------------------------------------------------------------------------------------
// Policy: lexicon and patterns

/**
 * The latest audit entry that changed a rule or setting: who and when, and the entry's id so the page
 * links to it on the Audit Logs page. Null when the organisation never changed it (a built-in default).
 */
export const ruleLastChangedSchema = z
  .object({
    at: z.string(),
    /** The member's name; null once the account is gone. */
    by_name: z.string().nullable(),
    audit_entry_id: z.string(),
  })
  .nullable();
export type RuleLastChanged = z.infer<typeof ruleLastChangedSchema>;

export const complianceTermSchema = z.object({
  /** The lower-cased term: its key in the API paths. */
  key: z.string(),
  term: z.string(),
  severity: severitySchema,
  suggestion: z.string(),
  enabled: z.boolean(),
  is_builtin: z.boolean(),
  last_changed: ruleLastChangedSchema,
});
export type ComplianceTerm = z.infer<typeof complianceTermSchema>;

export const compliancePatternSchema = z.object({
  id: z.string(),
  name: z.string(),
  severity: severitySchema,
  suggestion: z.string(),
  explanation: z.string(),
  enabled: z.boolean(),
  is_builtin: z.boolean(),
  /** A custom pattern's phrase; null for the built-in ones (rules written in code). */
  phrase: z.string().nullable(),
  last_changed: ruleLastChangedSchema,
});
export type CompliancePattern = z.infer<typeof compliancePatternSchema>;

export const compliancePolicyResponseSchema = z.object({
  lexicon: z.array(complianceTermSchema),
  patterns: z.array(compliancePatternSchema),
});
export type CompliancePolicyResponse = z.infer<typeof compliancePolicyResponseSchema>;

const suggestionSchema = z
  .string({ error: 'Write a suggested replacement' })
  .trim()
  .max(COMPLIANCE_LIMITS.suggestion, { error: `Use at most ${COMPLIANCE_LIMITS.suggestion} characters` });

export const createTermInputSchema = z.object({
  term: z
    .string({ error: 'Write the term' })
    .trim()
    .min(2, { error: 'Write the term (at least 2 characters)' })
    .max(COMPLIANCE_LIMITS.term, { error: `Use at most ${COMPLIANCE_LIMITS.term} characters` })
    .regex(/[\p{L}\p{N}]/u, { error: 'The term needs a letter or digit' }),
  severity: severitySchema,
  suggestion: suggestionSchema,
  enabled: z.boolean().default(true),
});
export type CreateTermInput = z.input<typeof createTermInputSchema>;

export const updateTermInputSchema = z
  .object({
    severity: severitySchema.optional(),
    suggestion: suggestionSchema.optional(),
    enabled: z.boolean({ error: 'Use true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Change at least one field' });
export type UpdateTermInput = z.input<typeof updateTermInputSchema>;

export const termKeyParamSchema = z.object({
  key: z
    .string()
    .min(1, { error: 'Not a term' })
    .max(COMPLIANCE_LIMITS.term * 2, { error: 'Not a term' }),
});

const patternNameSchema = z
  .string({ error: 'Name the pattern' })
  .trim()
  .min(2, { error: 'Name the pattern' })
  .max(COMPLIANCE_LIMITS.patternName, { error: `Use at most ${COMPLIANCE_LIMITS.patternName} characters` });
const phraseSchema = z
  .string({ error: 'Write the phrase' })
  .trim()
  .min(1, { error: 'Write the phrase' })
  .max(COMPLIANCE_LIMITS.phrase, { error: `Use at most ${COMPLIANCE_LIMITS.phrase} characters` });
const explanationSchema = z
  .string()
  .trim()
  .max(COMPLIANCE_LIMITS.explanation, { error: `Use at most ${COMPLIANCE_LIMITS.explanation} characters` });

export const createPatternInputSchema = z.object({
  name: patternNameSchema,
  phrase: phraseSchema,
  severity: severitySchema,
  suggestion: suggestionSchema,
  explanation: explanationSchema.default(''),
  enabled: z.boolean().default(true),
});
export type CreatePatternInput = z.input<typeof createPatternInputSchema>;

/** name and phrase only for custom patterns (400 on a built-in one). */
export const updatePatternInputSchema = z
  .object({
    name: patternNameSchema.optional(),
    phrase: phraseSchema.optional(),
    severity: severitySchema.optional(),
    suggestion: suggestionSchema.optional(),
    explanation: explanationSchema.optional(),
    enabled: z.boolean({ error: 'Use true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Change at least one field' });
export type UpdatePatternInput = z.input<typeof updatePatternInputSchema>;

export const patternIdParamSchema = z.object({
  id: z.string().min(1, { error: 'Not a pattern' }).max(120, { error: 'Not a pattern' }),
});

// ---------------------------------------------------------------------------------------------
// Settings: disclaimer block and approval matrix

export const complianceSettingsInputSchema = z.object({
  forward_looking_disclaimer: z
    .string({ error: 'Write the forward-looking disclaimer' })
    .trim()
    .min(1, { error: 'Write the forward-looking disclaimer' })
    .max(COMPLIANCE_LIMITS.disclaimer, { error: `Use at most ${COMPLIANCE_LIMITS.disclaimer} characters` }),
  risk_factor_tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'A tag cannot be empty' })
        .max(COMPLIANCE_LIMITS.riskTag, {
          error: `Use at most ${COMPLIANCE_LIMITS.riskTag} characters per tag`,
        }),
      { error: 'List the risk factor tags' },
    )
    .max(COMPLIANCE_LIMITS.riskTags, { error: `Use at most ${COMPLIANCE_LIMITS.riskTags} tags` })
    .transform((tags) => [...new Set(tags)]),
  compliance_contact: z
    .string({ error: 'Write the compliance contact' })
    .trim()
    .max(COMPLIANCE_LIMITS.contact, { error: `Use at most ${COMPLIANCE_LIMITS.contact} characters` }),
  approval_matrix: approvalMatrixSchema,
  /** The severity of an unsupported figure (docs/decisions/026-claim-check.md); omitted keeps the stored one. */
  unsupported_figure_severity: severitySchema.optional(),
  /** Four-eyes (docs/decisions/052-four-eyes.md); omitted keeps the stored one. */
  four_eyes: z.boolean({ error: 'Say whether four-eyes is on' }).optional(),
  /** Per communication class (docs/decisions/054-communication-class.md); omitted keeps the stored ones. */
  class_rules: classRulesSchema.optional(),
  /** Supervisory review sample, percent; omitted keeps the stored one. */
  review_sample_percent: z
    .number({ error: 'Give a percentage from 0 to 100' })
    .int({ error: 'Give a whole percentage' })
    .min(0, { error: 'Give a percentage from 0 to 100' })
    .max(100, { error: 'Give a percentage from 0 to 100' })
    .optional(),
});
export type ComplianceSettingsInput = z.input<typeof complianceSettingsInputSchema>;

/** The settings fields a settings save names in its audit entry's `details.changed`. */
export const COMPLIANCE_SETTINGS_FIELDS = [
  'forward_looking_disclaimer',
  'risk_factor_tags',
  'compliance_contact',
  'approval_matrix',
  'unsupported_figure_severity',
  'four_eyes',
  'class_rules',
  'review_sample_percent',
] as const;
export type ComplianceSettingsField = (typeof COMPLIANCE_SETTINGS_FIELDS)[number];

export const complianceSettingsSchema = z.object({
  forward_looking_disclaimer: z.string(),
  risk_factor_tags: z.array(z.string()),
  compliance_contact: z.string(),
  approval_matrix: z.object({
    none: z.array(z.string()),
    low: z.array(z.string()),
    medium: z.array(z.string()),
    high: z.array(z.string()),
  }),
  unsupported_figure_severity: severitySchema,
  /** Nobody finalises a reply they wrote or submitted (docs/decisions/052-four-eyes.md). */
  four_eyes: z.boolean(),
  class_rules: classRulesSchema,
  review_sample_percent: z.number().int(),
  updated_at: z.string().nullable(),
  /** Each field's latest audited change (a save that left a field alone is not its change). */
  last_changed: z.object({
    forward_looking_disclaimer: ruleLastChangedSchema,
    risk_factor_tags: ruleLastChangedSchema,
    compliance_contact: ruleLastChangedSchema,
    approval_matrix: ruleLastChangedSchema,
    unsupported_figure_severity: ruleLastChangedSchema,
    four_eyes: ruleLastChangedSchema,
    class_rules: ruleLastChangedSchema,
    review_sample_percent: ruleLastChangedSchema,
  }),
});
export type ComplianceSettings = Omit<
  z.infer<typeof complianceSettingsSchema>,
  'approval_matrix' | 'class_rules'
> & {
  approval_matrix: ApprovalMatrix;
  class_rules: ClassRules;
};

/** The default disclaimer block (until the organisation saves its own). */
export const DEFAULT_RISK_FACTOR_TAGS = ['Market risk', 'Liquidity risk', 'Past performance'] as const;

// ---------------------------------------------------------------------------------------------
// Overview

export const complianceOverviewSchema = z.object({
  /** Enabled lexicon terms plus enabled patterns. */
  active_patterns: z.number().int(),
  /** Every lexicon term and pattern, enabled or not: the denominator of active_patterns. */
  total_patterns: z.number().int(),
  /** Templates not archived. */
  approved_templates: z.number().int(),
  /** The audit chain as last verified and checkpointed (read from stored rows, never re-walked here). */
  chain: auditChainStatusSchema,
});
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Templates

export const TEMPLATE_PAGE_SIZE_DEFAULT = 50;
export const TEMPLATE_PAGE_SIZE_MAX = 100;

export const responseTemplateSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updated_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResponseTemplate = z.infer<typeof responseTemplateSchema>;

export const listTemplatesQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(COMPLIANCE_LIMITS.search, { error: `Use at most ${COMPLIANCE_LIMITS.search} characters` })
    .optional(),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(TEMPLATE_PAGE_SIZE_MAX, { error: `Use at most ${TEMPLATE_PAGE_SIZE_MAX}` })
    .default(TEMPLATE_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(300).optional(),
});
export type ListTemplatesQuery = z.input<typeof listTemplatesQuerySchema>;

export const listTemplatesResponseSchema = z.object({
  items: z.array(responseTemplateSchema),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
});
export type ListTemplatesResponse = z.infer<typeof listTemplatesResponseSchema>;

const templateTitleSchema = z
  .string({ error: 'Give the template a title' })
  .trim()
  .min(1, { error: 'Give the template a title' })
  .max(COMPLIANCE_LIMITS.templateTitle, {
    error: `Use at most ${COMPLIANCE_LIMITS.templateTitle} characters`,
  });
const templateBodySchema = z
  .string({ error: 'Write the template' })
  .trim()
  .min(1, { error: 'Write the template' })
  .max(COMPLIANCE_LIMITS.templateBody, { error: 'Keep the template under 10,000 characters' });

export const createTemplateInputSchema = z.object({ title: templateTitleSchema, body: templateBodySchema });
export type CreateTemplateInput = z.input<typeof createTemplateInputSchema>;

export const updateTemplateInputSchema = z
  .object({ title: templateTitleSchema.optional(), body: templateBodySchema.optional() })
  .refine((v) => v.title !== undefined || v.body !== undefined, { error: 'Change the title or the text' });
export type UpdateTemplateInput = z.input<typeof updateTemplateInputSchema>;

export const templateIdParamSchema = z.object({ id: z.uuid({ error: 'Not a template id' }) });

// ---------------------------------------------------------------------------------------------
// Texts

/** docs/product.md §8 compliance texts (quoted ones verbatim), and the Compliance center's (ours). */
export const COMPLIANCE_TEXTS = {
  flagsDetected: (n: number) => `${n} compliance flags detected`,
  noIssues: 'No compliance issues found!',
  checkFailed: 'Failed to check compliance',
  suggestionApplied: 'Suggestion applied',
  applyFixFailed: 'Could not apply the suggestion',
  checkCompliance: 'Check Compliance',
  checking: 'Checking...',
  applyFix: 'Apply Fix',
  flagsTitle: 'Compliance Flags',
  directorApprovalRequired: 'Director approval required',
  staleCheck: 'The draft changed since this check. Run Check Compliance again to check the edited text.',
  noFund: 'Assign the message to a fund before checking compliance.',
  noDraftToCheck: 'Generate or write a draft first.',
  noFlags: 'No compliance flags on this version.',
  notChecked: 'This version has not been checked yet.',
  insertTemplate: 'Insert template',
  secondOpinionUnavailable: 'Second opinion unavailable; local checker only.',
  /** Opens a model flag's explanation and rationale, so no reader takes it for the checker's. */
  secondOpinionPrefix: 'Second opinion (model): ',
  secondOpinionExplanation: {
    promissory: 'A language model read this sentence as a promise or assurance of a result.',
    forward: 'A language model read this sentence as a forward-looking statement about performance.',
  },
  // Compliance center
  pageTitle: 'Compliance',
  pageSubtitle: 'Guardrails, disclaimers, the forbidden lexicon and the approval matrix',
  activePatterns: 'Active guardrail patterns',
  approvedTemplates: 'Approved templates',
  hashChain: 'Audit hash chain',
  chainVerified: 'Hash chain verified',
  chainBroken: 'Hash chain broken',
  disclaimerTitle: 'Disclaimer block',
  disclaimerLabel: 'Forward-looking disclaimer',
  riskTagsLabel: 'Risk factor tags',
  contactLabel: 'Compliance contact',
  settingsSaved: 'Compliance settings saved',
  fourEyes: 'Four-eyes: nobody approves their own reply',
  fourEyesHint:
    'When on, whoever wrote a version of a reply or submitted it cannot mark it final or approve and send it, whatever their role: someone else must.',
  settingsSaveFailed: 'Failed to save compliance settings',
  lexiconTitle: 'Forbidden lexicon',
  patternsTitle: 'Guardrail patterns',
  templatesTitle: 'Approved templates',
  matrixTitle: 'Approval matrix',
  termAdded: 'Term added',
  termDeleted: 'Term deleted',
  patternAdded: 'Pattern added',
  patternDeleted: 'Pattern deleted',
  ruleSaved: 'Saved',
  templateSaved: 'Template saved',
  templateArchived: 'Template archived',
  claimCheckTitle: 'Claim check',
  claimCheckDescription:
    'Every figure and date of a reply is checked against the passages its sentence cites; links against the cited passages; and the reply must carry one sign-off, its author’s.',
  unsupportedFigureSeverityLabel: 'Severity of an unsupported figure',
  unsupportedFigureSeverityHint:
    'Medium by default: the reply needs a look, and the approval matrix says who may send it.',
  /** Under an unsupported figure's suggestion: the passage its fix quotes and cites. */
  fixCites: (docPath: string) => `Apply Fix quotes and cites ${docPath}`,
  /** An unsupported figure's rationale: what no cited passage contains. */
  noCitedPassageContains: (terms: readonly string[]) =>
    `No cited passage contains ${terms.length > 1 ? `${terms.slice(0, -1).join(', ')} or ${terms.at(-1)}` : terms[0]}`,
  unsourcedLinkRationale: (link: string) => `No cited passage contains the link ${link}`,
  selectiveDisclosureRationale: (fileNames: readonly string[]) =>
    `Cites ${fileNames.map((name) => `“${name}”`).join(', ')}, marked non-public`,
  secondSignOffRationale: (signOff: string) => `A second sign-off before the closing: “${signOff}”`,
  foreignSignerRationale: (name: string) => `Signed by ${name}, who is not the author of this reply`,
  overridesTitle: 'Overrides',
  overridesDescription:
    'Every reply approved over a high-severity flag, newest first, with the flags it went over and the approver’s reason.',
  noOverrides: 'No reply has been approved over a high-severity flag.',
  overridesLoadFailed: 'Failed to load the overrides',
  readOnly: 'Only admins and IR directors can change the compliance policy.',
  loadFailed: 'Failed to load the compliance center',
} as const;
