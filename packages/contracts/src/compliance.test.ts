import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_MATRIX } from './approval-matrix';
import { COMPLIANCE_TEXTS, complianceSettingsInputSchema, flagRuleLabel, isClaimRule } from './compliance';

describe('the claim check’s rules in the contracts', () => {
  it('names the claim check’s rules and no other', () => {
    expect(flagRuleLabel('unsupported_figure')).toBe('Unsupported figure');
    expect(flagRuleLabel('unsourced_link')).toBe('Unsourced link');
    expect(flagRuleLabel('second_sign_off')).toBe('Second sign-off');
    expect(flagRuleLabel('lexicon:guaranteed')).toBeNull();
    expect(flagRuleLabel('toString')).toBeNull();
    expect(isClaimRule('constructor')).toBe(false);
  });

  it('says what no cited passage contains', () => {
    expect(COMPLIANCE_TEXTS.noCitedPassageContains(['3.1%'])).toBe('No cited passage contains 3.1%');
    expect(COMPLIANCE_TEXTS.noCitedPassageContains(['3.1%', '$2m', '2024'])).toBe(
      'No cited passage contains 3.1%, $2m or 2024',
    );
  });

  it('takes the unsupported-figure severity as high, medium or low, or leaves it out', () => {
    const settings = {
      forward_looking_disclaimer: 'Not a promise.',
      risk_factor_tags: [],
      compliance_contact: '',
      approval_matrix: DEFAULT_APPROVAL_MATRIX,
    };
    expect(complianceSettingsInputSchema.parse(settings).unsupported_figure_severity).toBeUndefined();
    expect(
      complianceSettingsInputSchema.parse({ ...settings, unsupported_figure_severity: 'high' })
        .unsupported_figure_severity,
    ).toBe('high');
    const bad = complianceSettingsInputSchema.safeParse({
      ...settings,
      unsupported_figure_severity: 'urgent',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['unsupported_figure_severity']);
  });
});
