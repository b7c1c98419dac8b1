import {
  COMPLIANCE_SETTINGS_FIELDS,
  type ComplianceSettings,
  complianceSettingsInputSchema,
  DEFAULT_APPROVAL_MATRIX,
  DEFAULT_CLASS_RULES,
  DEFAULT_REVIEW_SAMPLE_PERCENT,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  approvalSettingsFormOf,
  approvalSettingsInputOf,
  approvalSettingsReducer,
  fieldErrorOf,
  isApprovalSettingsChanged,
} from './approval-settings-form';

function buildSettings(overrides: Partial<ComplianceSettings> = {}): ComplianceSettings {
  return {
    forward_looking_disclaimer: 'Past performance is no guide.',
    risk_factor_tags: ['Market risk'],
    compliance_contact: '',
    approval_matrix: DEFAULT_APPROVAL_MATRIX,
    unsupported_figure_severity: 'medium',
    four_eyes: false,
    class_rules: DEFAULT_CLASS_RULES,
    review_sample_percent: DEFAULT_REVIEW_SAMPLE_PERCENT,
    updated_at: null,
    last_changed: Object.fromEntries(
      COMPLIANCE_SETTINGS_FIELDS.map((field) => [field, null]),
    ) as ComplianceSettings['last_changed'],
    ...overrides,
  };
}

describe('the approval settings form', () => {
  it('sends a changed class rule and sample with the stored settings, in a body the server accepts', () => {
    const settings = buildSettings();
    let form = approvalSettingsFormOf(settings);
    form = approvalSettingsReducer(form, {
      type: 'setApproval',
      name: 'correspondence',
      approval: 'director',
    });
    form = approvalSettingsReducer(form, {
      type: 'toggleOverride',
      name: 'institutional',
      role: 'admin',
      on: false,
    });
    form = approvalSettingsReducer(form, { type: 'setSample', text: ' 25 ' });
    const prepared = approvalSettingsInputOf(form, settings);
    if (!('input' in prepared)) throw new Error('expected an input');
    expect(prepared.input.class_rules).toEqual({
      correspondence: { approval: 'director', override: ['admin', 'ir_director'] },
      retail: { approval: 'director', override: [] },
      institutional: { approval: 'by_severity', override: ['ir_director'] },
    });
    expect(prepared.input.review_sample_percent).toBe(25);
    expect(prepared.input.forward_looking_disclaimer).toBe(settings.forward_looking_disclaimer);
    expect(complianceSettingsInputSchema.safeParse(prepared.input).success).toBe(true);
  });

  it('refuses an empty, fractional or out-of-range sample with the server’s message', () => {
    const settings = buildSettings();
    for (const [text, message] of [
      ['', 'Give a percentage from 0 to 100'],
      ['abc', 'Give a percentage from 0 to 100'],
      ['101', 'Give a percentage from 0 to 100'],
      ['-1', 'Give a percentage from 0 to 100'],
      ['12.5', 'Give a whole percentage'],
    ] as const) {
      const form = approvalSettingsReducer(approvalSettingsFormOf(settings), { type: 'setSample', text });
      expect(approvalSettingsInputOf(form, settings)).toEqual({ errors: { review_sample_percent: message } });
    }
    const zero = approvalSettingsReducer(approvalSettingsFormOf(settings), { type: 'setSample', text: '0' });
    expect(approvalSettingsInputOf(zero, settings)).toMatchObject({ input: { review_sample_percent: 0 } });
  });

  it('is unchanged after toggling a role off and on again, whatever the order', () => {
    const settings = buildSettings();
    let form = approvalSettingsFormOf(settings);
    expect(isApprovalSettingsChanged(form, settings)).toBe(false);
    form = approvalSettingsReducer(form, {
      type: 'toggleOverride',
      name: 'correspondence',
      role: 'admin',
      on: false,
    });
    expect(isApprovalSettingsChanged(form, settings)).toBe(true);
    form = approvalSettingsReducer(form, {
      type: 'toggleOverride',
      name: 'correspondence',
      role: 'admin',
      on: true,
    });
    expect(form.classRules.correspondence.override).toEqual(['ir_director', 'admin']);
    expect(isApprovalSettingsChanged(form, settings)).toBe(false);
    form = approvalSettingsReducer(form, { type: 'setSample', text: '10 ' });
    expect(isApprovalSettingsChanged(form, settings)).toBe(false);
  });

  it('shows a server error at its field and clears it when that field changes', () => {
    let form = approvalSettingsReducer(approvalSettingsFormOf(buildSettings()), {
      type: 'failed',
      errors: {
        'class_rules.retail.override.0': 'Only admins and directors may override',
        review_sample_percent: 'Give a percentage from 0 to 100',
      },
    });
    expect(fieldErrorOf(form.errors, 'class_rules.retail.override')).toBe(
      'Only admins and directors may override',
    );
    expect(fieldErrorOf(form.errors, 'class_rules.retail.approval')).toBeUndefined();
    expect(fieldErrorOf(form.errors, 'class_rules.retail.overrides')).toBeUndefined();
    form = approvalSettingsReducer(form, { type: 'toggleOverride', name: 'retail', role: 'admin', on: true });
    expect(form.errors).toEqual({ review_sample_percent: 'Give a percentage from 0 to 100' });
    form = approvalSettingsReducer(form, { type: 'setSample', text: '5' });
    expect(form.errors).toEqual({});
  });
});
