/** The benchmark's texts (bench/run.ts), shared with the profile and identity scripts. */
import { loadCorpus } from '../scripts/corpus';
import type { PatternRule } from '../src/types';

const FILLER = [
  'Thank you for your message about the {fund} capital call due on {day} {month}.',
  'The investment committee met on {day} {month} and approved two follow-on investments.',
  'Occupancy across the portfolio was {pct}% at the end of the quarter, in line with the prior period.',
  'We have attached the quarterly report and the capital account statement for {fund}.',
  'The asset management team completed {n} lease renewals with an average term of {n} years.',
  'Construction of the {asset} is progressing and the contractor reported no material delays.',
  'Please let us know if you would like to schedule a call with the portfolio manager.',
  'The {asset} was refinanced with a {n}-year facility from a syndicate of three banks.',
  'Net asset value per unit was {money} as of {day} {month} 2025.',
  'Our ESG report covers energy use, water and tenant engagement for every asset.',
  'The advisory committee approved the extension of the investment period by twelve months.',
  'The audited financial statements will be available in the data room from {day} {month}.',
  'We continue to monitor interest rate, refinancing and construction risk across the portfolio.',
  'The {asset} signed a new anchor tenant on a {n}-year lease.',
  'Your relationship manager is happy to walk you through the valuation methodology.',
];
const FUNDS = [
  'Fund III',
  'Fund IV',
  'the Infrastructure Fund',
  'the Growth Equity Fund',
  'the Core Plus Fund',
];
const ASSETS = [
  'logistics park',
  'data centre',
  'wind farm',
  'student housing scheme',
  'fibre network',
  'office tower',
];
const MONTHS = ['January', 'March', 'May', 'July', 'September', 'November'];

/**
 * A deterministic mix: one corpus sentence (of the train split) for every three filler sentences, in
 * paragraphs.
 */
export function buildText(bytes: number): string {
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const corpus = loadCorpus()
    .filter((l) => l.split === 'train')
    .map((l) => l.text);
  const parts: string[] = [];
  let size = 0;
  let k = 0;
  while (size < bytes) {
    let s: string;
    if (k % 4 === 3) s = corpus[rand(corpus.length)] as string;
    else {
      s = (FILLER[rand(FILLER.length)] as string)
        .replace('{fund}', FUNDS[rand(FUNDS.length)] as string)
        .replace('{asset}', ASSETS[rand(ASSETS.length)] as string)
        .replace('{month}', MONTHS[rand(MONTHS.length)] as string)
        .replace('{day}', String(1 + rand(28)))
        .replaceAll('{n}', String(2 + rand(12)))
        .replace('{pct}', String(85 + rand(14)))
        .replace('{money}', `EUR ${(80 + rand(60)).toFixed(2)}`);
    }
    k++;
    parts.push(k % 6 === 0 ? `${s}\n\n` : `${s} `);
    size += s.length + 1;
  }
  return parts.join('');
}

/** The benchmark's 1 MB text and the 5 KB draft cut from it. */
export function benchTexts(): { text: string; draft: string } {
  const text = buildText(1024 * 1024);
  const from = text.indexOf('. ', 200_000) + 2;
  return { text, draft: text.slice(from, from + 5 * 1024) };
}

const KB = 1024;

/**
 * 200 KB of near-matches and long runs of one character (src/adversarial.test.ts): misspellings, half
 * terms, repeated cue words, separators, a 25 KB number, and one real term at the very end.
 */
export function adversarialText(): string {
  const pieces = [
    'guarante guaranteee guarantor ',
    'risk-fre risk\u2013freedom ',
    'will will will will outperfor ',
    'expect expect expect expect expect expect expect the 12 ',
    'you should you should you should ',
    'no no no no no risky ',
    '- - - \u2011 \u2011 ',
    '12% 12% 2.0x 2.0x ',
  ];
  let text = 'a'.repeat(50 * KB);
  let i = 0;
  while (text.length < 150 * KB) text += pieces[i++ % pieces.length];
  text += '-'.repeat(25 * KB);
  text += `${'1'.repeat(25 * KB)}% guaranteed`;
  return text;
}

/** A custom pattern of the most gaps the phrase syntax allows, for the adversarial text. */
export function gapPattern(): PatternRule {
  return {
    id: 'custom-gap',
    name: 'Gap',
    severity: 'low',
    suggestion: 'x',
    explanation: 'Test.',
    enabled: true,
    phrase: 'expect ... expect ... expect ... expect',
  };
}
