import { z } from 'zod';
import type { Role } from './roles';

/**
 * Communication classes and investor types (docs/decisions/054-communication-class.md, after FINRA
 * Rule 2210): a reply's class follows from the investor's type and how many distinct investors
 * received substantially the same text in the last 30 days.
 */
export const COMMUNICATION_CLASSES = ['correspondence', 'retail', 'institutional'] as const;
export type CommunicationClass = (typeof COMMUNICATION_CLASSES)[number];
export const communicationClassSchema = z.enum(COMMUNICATION_CLASSES);

export const INVESTOR_TYPES = ['retail', 'accredited', 'institutional'] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];
export const investorTypeSchema = z.enum(INVESTOR_TYPES, {
  error: 'Choose retail, accredited or institutional',
});

/** An investor Parley has no type for counts as retail: the strictest reading. */
export const DEFAULT_INVESTOR_TYPE: InvestorType = 'retail';

/** Up to this many distinct recipients in the window, a text sent to retail investors is correspondence. */
export const CORRESPONDENCE_MAX_RECIPIENTS = 25;
export const CLASS_WINDOW_DAYS = 30;
/** Trigram similarity (0–1) from which two reply texts count as substantially the same. */
export const SAME_TEXT_SIMILARITY = 0.7;

/**
 * An institutional investor gets institutional communication; to anyone else a text that reached
 * more than 25 distinct investors within 30 days (this one included) is a retail communication.
 */
export function communicationClassOf(investorType: InvestorType, recipients: number): CommunicationClass {
  if (investorType === 'institutional') return 'institutional';
  return recipients > CORRESPONDENCE_MAX_RECIPIENTS ? 'retail' : 'correspondence';
}

/**
 * Per class: `approval` by_severity follows the approval matrix; director means an admin or IR
 * director finalises whatever the flags. `override`: the roles that may approve over a high-severity
 * flag (with a reason); empty means nobody, so the flags must be resolved first.
 */
export const OVERRIDE_ROLES = ['admin', 'ir_director'] as const satisfies readonly Role[];
export type OverrideRole = (typeof OVERRIDE_ROLES)[number];
export type ClassRule = { approval: 'by_severity' | 'director'; override: OverrideRole[] };
export type ClassRules = Record<CommunicationClass, ClassRule>;

export const DEFAULT_CLASS_RULES: ClassRules = {
  correspondence: { approval: 'by_severity', override: ['admin', 'ir_director'] },
  retail: { approval: 'director', override: [] },
  institutional: { approval: 'by_severity', override: ['admin', 'ir_director'] },
};

export const DEFAULT_REVIEW_SAMPLE_PERCENT = 10;

export type ClassRefusal = { code: 'APPROVAL_NEEDS_DIRECTOR' | 'OVERRIDE_NOT_ALLOWED'; message: string };

/**
 * Why the class rules keep `role` from finalising a reply of this class with these unresolved flags,
 * or null. The approval matrix is asked separately; this only ever adds a refusal.
 */
export function classRefusalOf(
  rules: ClassRules,
  name: CommunicationClass,
  role: Role,
  unresolved: readonly { severity: string }[],
): ClassRefusal | null {
  const rule = rules[name];
  const isDirector = (OVERRIDE_ROLES as readonly Role[]).includes(role);
  if (rule.approval === 'director' && !isDirector) {
    return { code: 'APPROVAL_NEEDS_DIRECTOR', message: CLASS_TEXTS.directorRefusal(name) };
  }
  const overrides = unresolved.some((flag) => flag.severity === 'high');
  if (overrides && isDirector && !(rule.override as readonly Role[]).includes(role)) {
    return { code: 'OVERRIDE_NOT_ALLOWED', message: CLASS_TEXTS.overrideRefusal(name) };
  }
  return null;
}

const classRuleSchema = z.object({
  approval: z.enum(['by_severity', 'director'], { error: 'Choose by severity or director' }),
  override: z
    .array(
      z.enum(OVERRIDE_ROLES, {
        error: 'Only admins and directors may override',
      }),
      {
        error: 'List the roles',
      },
    )
    .transform((roles) => [...new Set(roles)]),
});

export const classRulesSchema = z.object({
  correspondence: classRuleSchema,
  retail: classRuleSchema,
  institutional: classRuleSchema,
});

/** Stored rules read leniently: anything unreadable falls back to the default of its class. */
export function classRulesOf(stored: unknown): ClassRules {
  const rules = { ...DEFAULT_CLASS_RULES };
  if (stored && typeof stored === 'object') {
    for (const name of COMMUNICATION_CLASSES) {
      const parsed = classRuleSchema.safeParse((stored as Record<string, unknown>)[name]);
      if (parsed.success) rules[name] = parsed.data;
    }
  }
  return rules;
}

/** What the draft shows: the class, its recipients count, and the investor type it came from. */
export const communicationClassViewSchema = z.object({
  class: communicationClassSchema,
  investor_type: investorTypeSchema,
  /** Whether the type was set for this investor, or is the retail default. */
  investor_type_set: z.boolean(),
  /**
   * Distinct investors who received substantially the same text in the window, this one included;
   * counted up to 26, the first count that makes a retail communication.
   */
  recipients: z.number().int(),
});
export type CommunicationClassView = z.infer<typeof communicationClassViewSchema>;

/** PUT /api/messages/:id/investor/type: the type of that message's investor. */
export const investorTypeInputSchema = z.object({ investor_type: investorTypeSchema });
export type InvestorTypeInput = z.input<typeof investorTypeInputSchema>;

/** The investor's type, and whether someone set it (else it is the retail default). */
export const investorTypeViewSchema = z.object({
  investor_type: investorTypeSchema,
  investor_type_set: z.boolean(),
});
export type InvestorTypeView = z.infer<typeof investorTypeViewSchema>;

export const CLASS_TEXTS = {
  classNames: {
    correspondence: 'Correspondence',
    retail: 'Retail communication',
    institutional: 'Institutional communication',
  } satisfies Record<CommunicationClass, string>,
  investorTypeNames: {
    retail: 'Retail',
    accredited: 'Accredited',
    institutional: 'Institutional',
  } satisfies Record<InvestorType, string>,
  investorTypeLabel: 'Investor type',
  /** After the type's name when nobody set it. */
  investorTypeDefault: '(not set)',
  investorTypeSaved: 'Investor type saved',
  investorTypeSaveFailed: 'The investor type could not be saved',
  classLabel: 'Communication class',
  /** In the approval queue's facts. */
  classShortLabel: 'Class',
  classAtSubmission: 'The class it was submitted as; Approve & Send works it out again',
  sentAs: (name: CommunicationClass) => `Sent as ${CLASS_NAME_LOWER[name]}`,
  /** Why the class is what it is, on the draft. */
  classReason: (view: CommunicationClassView) => {
    if (view.investor_type === 'institutional') return 'Institutional investor';
    const others = view.recipients - 1;
    if (view.recipients > CORRESPONDENCE_MAX_RECIPIENTS) {
      return `More than ${CORRESPONDENCE_MAX_RECIPIENTS} investors were sent this text in the last ${CLASS_WINDOW_DAYS} days`;
    }
    if (others === 0) return `No other investor was sent this text in the last ${CLASS_WINDOW_DAYS} days`;
    return `${others} other ${others === 1 ? 'investor was' : 'investors were'} sent this text in the last ${CLASS_WINDOW_DAYS} days`;
  },
  approvalNames: { by_severity: 'By flag severity', director: 'Director always' },
  overrideNobody: 'Nobody',
  classRulesTitle: 'By communication class',
  classRulesHint:
    'Correspondence goes to 25 or fewer retail investors in 30 days; a text sent to more is a retail communication; replies to institutional investors are institutional communications.',
  approvalColumn: 'Who finalises',
  overrideColumn: 'Who may override a high flag',
  classColumn: 'Communication class',
  /** A 'Who finalises' select's name, read with its row. */
  approvalFor: (name: CommunicationClass) => `Who finalises: ${CLASS_TEXTS.classNames[name]}`,
  /** An override checkbox's name, read with its row; it starts with the role, its visible label. */
  overrideFor: (roleName: string, name: CommunicationClass) =>
    `${roleName} may override a high flag: ${CLASS_TEXTS.classNames[name]}`,
  sampleLabel: 'Supervisory review sample',
  sampleHint:
    'Share of replies sent without pre-approval drawn for a director to review after sending, besides every flagged one.',
  directorRefusal: (name: CommunicationClass) =>
    `${name === 'institutional' ? 'An' : 'A'} ${CLASS_NAME_LOWER[name]} needs an IR director's or an admin's approval`,
  overrideRefusal: (name: CommunicationClass) =>
    `Nobody in your role may approve ${name === 'institutional' ? 'an' : 'a'} ${CLASS_NAME_LOWER[name]} over a high-severity flag: resolve the flags first`,
} as const;

const CLASS_NAME_LOWER: Record<CommunicationClass, string> = {
  correspondence: 'correspondence',
  retail: 'retail communication',
  institutional: 'institutional communication',
};
