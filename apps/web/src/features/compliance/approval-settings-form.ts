import {
  type ApprovalLevel,
  type ApprovalMatrix,
  type ClassRule,
  type ClassRules,
  COMPLIANCE_TEXTS,
  type CommunicationClass,
  type ComplianceSettings,
  type ComplianceSettingsInput,
  complianceSettingsInputSchema,
  type OverrideRole,
  type Role,
} from '@parley/contracts';

/**
 * The approval matrix card's form: the matrix, four-eyes, the rules per communication class
 * (docs/decisions/054-communication-class.md) and the supervisory review sample
 * (docs/decisions/055-supervisory-review.md), saved together. `sample` is the input's text, so a
 * half-typed or empty value stays as typed until it is saved; `errors` are keyed by the server's field
 * paths (`class_rules.retail.override.0`, `review_sample_percent`).
 */
export type ApprovalSettingsForm = {
  matrix: ApprovalMatrix;
  fourEyes: boolean;
  classRules: ClassRules;
  sample: string;
  errors: Record<string, string>;
};

export type ApprovalSettingsAction =
  | { type: 'toggleMatrix'; level: ApprovalLevel; role: Role; on: boolean }
  | { type: 'setFourEyes'; on: boolean }
  | { type: 'setApproval'; name: CommunicationClass; approval: ClassRule['approval'] }
  | { type: 'toggleOverride'; name: CommunicationClass; role: OverrideRole; on: boolean }
  | { type: 'setSample'; text: string }
  | { type: 'failed'; errors: Record<string, string> };

export function approvalSettingsFormOf(settings: ComplianceSettings): ApprovalSettingsForm {
  return {
    matrix: settings.approval_matrix,
    fourEyes: settings.four_eyes,
    classRules: settings.class_rules,
    sample: String(settings.review_sample_percent),
    errors: {},
  };
}

/** Without the errors whose path starts with `prefix` (the field just changed). */
function clearErrors(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`)),
  );
}

function withRole<T extends string>(roles: readonly T[], role: T, on: boolean): T[] {
  const others = roles.filter((r) => r !== role);
  return on ? [...others, role] : others;
}

export function approvalSettingsReducer(
  state: ApprovalSettingsForm,
  action: ApprovalSettingsAction,
): ApprovalSettingsForm {
  switch (action.type) {
    case 'toggleMatrix':
      return {
        ...state,
        matrix: {
          ...state.matrix,
          [action.level]: withRole(state.matrix[action.level], action.role, action.on),
        },
        errors: clearErrors(state.errors, `approval_matrix.${action.level}`),
      };
    case 'setFourEyes':
      return { ...state, fourEyes: action.on, errors: clearErrors(state.errors, 'four_eyes') };
    case 'setApproval': {
      const rule = { ...state.classRules[action.name], approval: action.approval };
      return {
        ...state,
        classRules: { ...state.classRules, [action.name]: rule },
        errors: clearErrors(state.errors, `class_rules.${action.name}.approval`),
      };
    }
    case 'toggleOverride': {
      const current = state.classRules[action.name];
      const rule = { ...current, override: withRole(current.override, action.role, action.on) };
      return {
        ...state,
        classRules: { ...state.classRules, [action.name]: rule },
        errors: clearErrors(state.errors, `class_rules.${action.name}.override`),
      };
    }
    case 'setSample':
      return { ...state, sample: action.text, errors: clearErrors(state.errors, 'review_sample_percent') };
    case 'failed':
      return { ...state, errors: action.errors };
  }
}

/** The first error at `path` or below it (`class_rules.retail.override` finds `…override.0`). */
export function fieldErrorOf(errors: Record<string, string>, path: string): string | undefined {
  return Object.entries(errors).find(([key]) => key === path || key.startsWith(`${path}.`))?.[1];
}

/** A role list's order does not matter: the server keeps them as a set. */
function sameRoles(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((role) => b.includes(role));
}

function sameMatrix(a: ApprovalMatrix, b: ApprovalMatrix) {
  return (Object.keys(a) as ApprovalLevel[]).every((level) => sameRoles(a[level], b[level]));
}

function sameClassRules(a: ClassRules, b: ClassRules) {
  return (Object.keys(a) as CommunicationClass[]).every(
    (name) => a[name].approval === b[name].approval && sameRoles(a[name].override, b[name].override),
  );
}

export function isApprovalSettingsChanged(
  state: ApprovalSettingsForm,
  settings: ComplianceSettings,
): boolean {
  return (
    !sameMatrix(state.matrix, settings.approval_matrix) ||
    state.fourEyes !== settings.four_eyes ||
    !sameClassRules(state.classRules, settings.class_rules) ||
    state.sample.trim() !== String(settings.review_sample_percent)
  );
}

/**
 * The PUT body (the other settings as stored), or the errors to show when the sample is not a whole
 * percentage: checked with the server's own schema, so both say the same.
 */
export function approvalSettingsInputOf(
  state: ApprovalSettingsForm,
  settings: ComplianceSettings,
): { input: ComplianceSettingsInput } | { errors: Record<string, string> } {
  const text = state.sample.trim();
  // An empty or unreadable text is NaN, which the schema refuses with its own message (Number('') is 0).
  const sample = complianceSettingsInputSchema.shape.review_sample_percent.safeParse(
    text === '' ? Number.NaN : Number(text),
  );
  if (!sample.success || sample.data === undefined) {
    const [issue] = sample.error?.issues ?? [];
    return { errors: { review_sample_percent: issue?.message ?? COMPLIANCE_TEXTS.settingsSaveFailed } };
  }
  return {
    input: {
      forward_looking_disclaimer: settings.forward_looking_disclaimer,
      risk_factor_tags: settings.risk_factor_tags,
      compliance_contact: settings.compliance_contact,
      approval_matrix: state.matrix,
      unsupported_figure_severity: settings.unsupported_figure_severity,
      four_eyes: state.fourEyes,
      class_rules: state.classRules,
      review_sample_percent: sample.data,
    },
  };
}
