import { describe, expect, it } from 'vitest';
import { countOf, figureChange, formatDuration, formatFigure, formatShare } from './analytics-figures';

describe('the Analytics figures', () => {
  it('shows each KPI in its unit, and a dash for a figure with nothing behind it', () => {
    expect(formatFigure('draftsPerDay', 3.44)).toBe('3.4');
    expect(formatFigure('firstPass', 0.95)).toBe('95%');
    expect(formatFigure('highFlagsPer100', 12.5)).toBe('12.5');
    expect(formatFigure('rating', 4.25)).toBe('4.3 / 5');
    expect(formatFigure('hours', 5.24)).toBe('5.2h');
    expect(formatFigure('rating', null)).toBe('—');
  });

  it('shows minutes up to an hour, hours up to a day, then days', () => {
    expect(formatFigure('hours', 0.04)).toBe('2 min');
    expect(formatFigure('hours', 0)).toBe('0 min');
    expect(formatDuration(0.5)).toBe('30 min');
    expect(formatDuration(1)).toBe('1.0h');
    expect(formatDuration(23.9)).toBe('23.9h');
    expect(formatDuration(36)).toBe('1.5 days');
  });

  it('signs the change against the previous period, a share in percentage points', () => {
    expect(figureChange('draftsPerDay', { value: 4.5, previous: 3.3 })).toMatchObject({
      text: '+1.2',
      direction: 'up',
      tone: 'good',
      description: 'Up 1.2 from 3.3 in the previous period',
    });
    expect(figureChange('firstPass', { value: 0.8, previous: 0.9 })).toMatchObject({
      text: '−10 pts',
      direction: 'down',
      tone: 'bad',
    });
  });

  it('colours more high-severity flags and slower replies as bad, fewer as good', () => {
    expect(figureChange('highFlagsPer100', { value: 6, previous: 4 })).toMatchObject({
      text: '+2.0',
      tone: 'bad',
    });
    expect(figureChange('highFlagsPer100', { value: 2, previous: 4 }).tone).toBe('good');
    expect(figureChange('hours', { value: 30, previous: 20 })).toMatchObject({ text: '+10.0h', tone: 'bad' });
    expect(figureChange('hours', { value: 48, previous: 72 })).toMatchObject({
      text: '−1.0 days',
      tone: 'good',
    });
  });

  it('calls a change too small to show no change, rounding as the figures are shown', () => {
    expect(figureChange('rating', { value: 4.34, previous: 4.26 })).toMatchObject({
      text: '±0.0',
      direction: 'flat',
      tone: 'neutral',
      description: 'No change from 4.3 / 5 in the previous period',
    });
    // 0.1 + 0.2 is not 0.3 in floating point: the change is counted in shown units.
    expect(figureChange('draftsPerDay', { value: 0.3, previous: 0.1 }).text).toBe('+0.2');
  });

  it('has no change when either period has no figure', () => {
    for (const figure of [
      { value: null, previous: 3 },
      { value: 3, previous: null },
    ]) {
      expect(figureChange('rating', figure)).toEqual({
        text: '—',
        direction: null,
        tone: 'neutral',
        description: 'No figure to compare with the previous period',
      });
    }
  });

  it('counts with the noun’s number, and a share of nothing as a dash', () => {
    expect(countOf(1, 'draft')).toBe('1 draft');
    expect(countOf(1200, 'reply', 'replies')).toBe(`${(1200).toLocaleString()} replies`);
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0.874)).toBe('87%');
  });
});
