import { describe, expect, it } from 'vitest';
import { check } from '../check';
import { defaultPolicy } from '../defaults';
import { readSentences } from '../sentences';
import {
  classifySentence,
  combineWithRules,
  MODEL_THRESHOLDS,
  modelVerdict,
  scoreSentence,
} from './classify';
import { sentenceFeatures } from './features';
import weights from './weights.json' with { type: 'json' };

const featuresOf = (text: string, frames: string[] = []) => {
  const [sentence] = readSentences(text);
  if (!sentence) throw new Error('no sentence');
  return sentenceFeatures(sentence, frames);
};

describe('sentenceFeatures', () => {
  it('gives lemmas, bigrams, number shapes, shape features and frames, each once', () => {
    const features = featuresOf("You'll earn 9% a year, paid every quarter.", ['promise']);
    expect(features).toEqual([...new Set(features)]);
    for (const f of ['w:will', 'w:earn', 'w:<pct>', 'b:will_earn', 'b:<s>_you', 'f:future', 'f:figure']) {
      expect(features).toContain(f);
    }
    expect(features).toContain('f:second-person');
    expect(features).toContain('frame:promise');
    expect(features).not.toContain('w:9');
  });

  it('reads multiples, money, years and negation scope', () => {
    expect(featuresOf('The asset underwrites to a 1.8x multiple.')).toContain('w:<mult>');
    expect(featuresOf('We project the NAV at $12 by 2027.')).toEqual(
      expect.arrayContaining(['w:<money>', 'w:<year>', 'f:figure', 'f:first-person']),
    );
    expect(featuresOf("This fund can't go down.")).toEqual(expect.arrayContaining(['f:negation', 'n:go']));
    expect(featuresOf('Beware of anyone promising "guaranteed" profits.')).toContain('f:quote');
  });
});

describe('classifySentence', () => {
  it('gives probabilities that sum to at most 1 and ignores unknown features', () => {
    const scores = classifySentence(featuresOf('We will double your money.'));
    expect(scores.promissory).toBeGreaterThanOrEqual(0);
    expect(scores.forward).toBeGreaterThanOrEqual(0);
    expect(scores.promissory + scores.forward).toBeLessThanOrEqual(1);
    expect(classifySentence(['w:not-a-known-feature-at-all'])).toEqual(classifySentence([]));
  });

  it('scores a sentence from its words exactly as from its feature names', () => {
    const text =
      'We will double your "guaranteed" income, not lose it; Q3 returns of 12% and 1.8x by 2027 are garanteed! ' +
      "You can't go wrong with $40 before Christmas? Distributions are targeted at 250 bps.";
    for (const sentence of readSentences(text)) {
      for (const frames of [[], ['promise', 'hedged', 'not-a-tag']]) {
        expect(scoreSentence(sentence, frames)).toEqual(classifySentence(sentenceFeatures(sentence, frames)));
      }
    }
  });

  it('reads a promise as riskier than ordinary IR prose', () => {
    const risk = (text: string) => {
      const s = classifySentence(featuresOf(text));
      return s.promissory + s.forward;
    };
    expect(risk('You will earn 12% a year on the fund.')).toBeGreaterThan(
      risk('We have attached the quarterly report for your records.'),
    );
  });

  it('applies the dev thresholds in one place', () => {
    expect(modelVerdict({ promissory: 0, forward: 0 }).label).toBeNull();
    expect(modelVerdict({ promissory: 1, forward: 0 }).label).toBe(
      MODEL_THRESHOLDS.promissory <= 1 ? 'promissory' : null,
    );
    const [low, high] = MODEL_THRESHOLDS.uncertain;
    expect(low).toBeLessThan(high);
    expect(modelVerdict({ promissory: 0, forward: low }).uncertain).toBe(true);
    expect(modelVerdict({ promissory: 0, forward: 0 }, { ...MODEL_THRESHOLDS, clear: 0.1 }).clears).toBe(
      true,
    );
    expect(modelVerdict({ promissory: 0, forward: 0 }, { ...MODEL_THRESHOLDS, clear: 0 }).clears).toBe(false);
  });

  it('combines with the rules: lexicon flags stay, rule and frame flags stay unless cleared', () => {
    const t = { promissory: 0.8, forward: 0.7, clear: 0.1, uncertain: [0.3, 0.6] as [number, number] };
    const none = { lexicon: false, lexiconHigh: false, other: false, otherHigh: false };
    const quiet = { promissory: 0.01, forward: 0.02 };
    expect(combineWithRules({ ...none, lexicon: true, lexiconHigh: true }, quiet, t)).toEqual({
      flagged: true,
      high: true,
    });
    expect(combineWithRules({ ...none, other: true, otherHigh: true }, quiet, t)).toEqual({
      flagged: false,
      high: false,
    });
    expect(combineWithRules({ ...none, other: true }, { promissory: 0.1, forward: 0.1 }, t)).toEqual({
      flagged: true,
      high: false,
    });
    expect(combineWithRules(none, { promissory: 0.85, forward: 0.1 }, t)).toEqual({
      flagged: true,
      high: true,
    });
    expect(combineWithRules(none, { promissory: 0.3, forward: 0.5 }, t)).toEqual({
      flagged: true,
      high: false,
    });
    // a sentence a rule or frame already flags keeps that flag's severity
    expect(combineWithRules({ ...none, other: true }, { promissory: 0.85, forward: 0.1 }, t)).toEqual({
      flagged: true,
      high: false,
    });
  });

  it('ships weights that are small and consistent', () => {
    expect(weights.features.length).toBe(weights.promissory.length);
    expect(weights.features.length).toBe(weights.forward.length);
    expect(weights.features).toEqual([...weights.features].sort());
    expect(JSON.stringify(weights).length).toBeLessThan(1024 * 1024);
  });
});

describe('check() with the model', () => {
  const text = 'The promised yield did not move.';

  it("clears the rule and frame flags of a sentence it reads as plainly clean, never the organisation's own words", () => {
    expect(MODEL_THRESHOLDS.clear).toBeGreaterThan(0);
    const policy = defaultPolicy();
    expect(check(text, policy, { layers: 'frames' }).flags.map((f) => f.rule)).toEqual(['pattern:promise']);
    expect(check(text, policy).flags).toEqual([]);

    const withLexicon = defaultPolicy();
    withLexicon.lexicon.push({
      term: 'promised yield',
      severity: 'high',
      suggestion: 'yield',
      enabled: true,
    });
    expect(check(text, withLexicon).flags.map((f) => f.rule)).toEqual(['lexicon:promised yield']);

    const withPattern = defaultPolicy();
    withPattern.patterns.push({
      id: 'house-promised',
      name: 'Promised',
      severity: 'medium',
      suggestion: 'expected',
      explanation: '',
      enabled: true,
      phrase: 'promised yield',
    });
    expect(check(text, withPattern).flags.map((f) => f.rule)).toEqual(['pattern:house-promised']);
  });

  it('reads sentences without a cue word, so a promise in plain words is flagged', () => {
    const flags = check(
      'Mark my words, this REIT is trading at $40 before Christmas.',
      defaultPolicy(),
    ).flags;
    expect(flags.some((f) => f.severity === 'high')).toBe(true);
  });
});

describe('check() on the furniture of an e-mail', () => {
  it('leaves greetings, sign-offs and names alone: the model judges sentences of four words or more', () => {
    const text = 'Dear Margot,\n\nThank you for your note.\n\nKind regards,\nAnna Smith';
    expect(check(text, defaultPolicy()).flags).toEqual([]);
  });
});
