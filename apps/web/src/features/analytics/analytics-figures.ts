import type { AnalyticsFigure } from '@parley/contracts';
import { formatHours, formatNumber, formatPercent } from '@/lib/format';

/** What is shown when a figure has nothing to be computed from (the contract's null). */
export const NO_FIGURE = '—';

/** The figures of the page that are compared with the previous period. */
export type FigureKind = 'draftsPerDay' | 'firstPass' | 'highFlagsPer100' | 'rating' | 'hours';

type FigureRule = {
  /** The contract's value times this is what is shown (a share 0–1 is shown as a percentage). */
  scale: number;
  /** Decimals shown; a change that rounds to zero at this precision is no change. */
  digits: number;
  text: (shown: number) => string;
  /** A change's size, without its sign. */
  changeText: (shown: number) => string;
  /** More high-severity flags, or slower replies, are worse: their increase is coloured as bad. */
  isHigherBetter: boolean;
};

const FIGURE_RULES: Record<FigureKind, FigureRule> = {
  draftsPerDay: { scale: 1, digits: 1, text: fixed1, changeText: fixed1, isHigherBetter: true },
  firstPass: {
    scale: 100,
    digits: 0,
    text: (n) => `${n}%`,
    changeText: (n) => `${n} pts`,
    isHigherBetter: true,
  },
  highFlagsPer100: { scale: 1, digits: 1, text: fixed1, changeText: fixed1, isHigherBetter: false },
  rating: { scale: 1, digits: 1, text: (n) => `${fixed1(n)} / 5`, changeText: fixed1, isHigherBetter: true },
  // Hundredths of an hour (36 seconds), so a median of minutes is not shown as 0.0h.
  hours: { scale: 1, digits: 2, text: formatDuration, changeText: formatDuration, isHigherBetter: false },
};

function fixed1(n: number): string {
  return n.toFixed(1);
}

/** The figure in the rule's shown units, as an integer count of its last digit (so sums do not drift). */
function shownUnits(rule: FigureRule, value: number): number {
  return Math.round(value * rule.scale * 10 ** rule.digits);
}

/** A figure as the page shows it: '3.4', '87%', '1.2', '4.6 / 5', '5.2h' or '2.1 days'; '—' for null. */
export function formatFigure(kind: FigureKind, value: number | null): string {
  if (value === null) return NO_FIGURE;
  const rule = FIGURE_RULES[kind];
  return rule.text(shownUnits(rule, value) / 10 ** rule.digits);
}

/**
 * A duration in hours: minutes below an hour ('25 min'), hours below a day ('5.2h', as the approval
 * queue shows hours), then days ('2.1 days'), so a median of minutes or of weeks stays readable.
 */
export function formatDuration(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  return hours < 24 ? formatHours(hours) : `${(hours / 24).toFixed(1)} days`;
}

export type ChangeDirection = 'up' | 'down' | 'flat';
export type ChangeTone = 'good' | 'bad' | 'neutral';

/** A figure against the previous period: the signed difference, which way, and whether that is good. */
export type FigureChange = {
  /** '+1.2', '−5 pts', '±0.0', or '—' when either period has no figure. */
  text: string;
  /** null when there is nothing to compare. */
  direction: ChangeDirection | null;
  tone: ChangeTone;
  /** The comparison in words, for screen readers and the tooltip. */
  description: string;
};

/** docs/product.md §2 Analytics: each figure's change against the previous period of the same length. */
export function figureChange(kind: FigureKind, figure: AnalyticsFigure): FigureChange {
  if (figure.value === null || figure.previous === null) {
    return {
      text: NO_FIGURE,
      direction: null,
      tone: 'neutral',
      description: 'No figure to compare with the previous period',
    };
  }
  const rule = FIGURE_RULES[kind];
  const units = shownUnits(rule, figure.value) - shownUnits(rule, figure.previous);
  const size = rule.changeText(Math.abs(units) / 10 ** rule.digits);
  const previous = formatFigure(kind, figure.previous);
  if (units === 0) {
    return {
      text: `±${size}`,
      direction: 'flat',
      tone: 'neutral',
      description: `No change from ${previous} in the previous period`,
    };
  }
  const direction: ChangeDirection = units > 0 ? 'up' : 'down';
  const isBetter = (direction === 'up') === rule.isHigherBetter;
  return {
    // U+2212, the minus sign, lines up with '+' in tabular figures.
    text: `${direction === 'up' ? '+' : '\u2212'}${size}`,
    direction,
    tone: isBetter ? 'good' : 'bad',
    description: `${direction === 'up' ? 'Up' : 'Down'} ${size} from ${previous} in the previous period`,
  };
}

/** '1 draft', '12 drafts': a count with its noun, digits grouped. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

/** A share as a whole percentage, or '—' when there was nothing to divide ('0 of 0'). */
export function formatShare(value: number | null): string {
  return value === null ? NO_FIGURE : formatPercent(value);
}
