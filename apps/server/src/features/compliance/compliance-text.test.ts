import { complianceTagOf } from '@parley/contracts';
import { applySuggestion, matchCase } from '@parley/guardrails';
import { describe, expect, it } from 'vitest';
import { disclaimerText, termKey } from './compliance.service';

describe('Apply Fix replacement', () => {
  it('keeps the replaced text’s capitalisation', () => {
    expect(matchCase('guaranteed', 'targeted')).toBe('targeted');
    expect(matchCase('Guaranteed', 'targeted')).toBe('Targeted');
    expect(matchCase('GUARANTEED', 'targeted')).toBe('TARGETED');
    expect(matchCase('Risk-free', 'lower-risk')).toBe('Lower-risk');
    expect(matchCase('no risk', 'Limited risk')).toBe('Limited risk');
    expect(matchCase('X', 'y')).toBe('Y');
    expect(matchCase('Guaranteed', '')).toBe('');
  });

  it('replaces exactly the flagged span, by UTF-16 offsets', () => {
    const text = 'Returns 📈 are Guaranteed.';
    const start = text.indexOf('Guaranteed');
    expect(applySuggestion(text, { start, end: start + 10, suggestion: 'targeted' })).toBe(
      'Returns 📈 are Targeted.',
    );
  });
});

describe('compliance_tag', () => {
  it('is a JSON list of unique severity:term, lower-cased, in order, [] when clean', () => {
    expect(complianceTagOf([])).toBe('[]');
    expect(
      complianceTagOf([
        { severity: 'high', term: 'Guaranteed' },
        { severity: 'medium', term: 'target IRR' },
        { severity: 'high', term: 'guaranteed' },
      ]),
    ).toBe('["high:guaranteed","medium:target irr"]');
  });
});

describe('terms and the disclaimer block', () => {
  it('keys a term by its lower-cased, space-collapsed text', () => {
    expect(termKey('  Will   Outperform ')).toBe('will outperform');
  });

  it('ends with the compliance contact when one is set', () => {
    const block = { forward_looking_disclaimer: 'Not advice.', risk_factor_tags: [], compliance_contact: '' };
    expect(disclaimerText(block)).toBe('Not advice.');
    expect(disclaimerText({ ...block, compliance_contact: ' c@x.example ' })).toBe(
      'Not advice.\n\nCompliance contact: c@x.example',
    );
  });
});
