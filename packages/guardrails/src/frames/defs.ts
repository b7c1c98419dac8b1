import type { Severity } from '../types';
import type { FrameId } from './detect';

/**
 * The sentence frames as built-in patterns: listed in the Compliance center with the other built-ins,
 * and an organisation may change their severity, suggestion or explanation, or disable them. Their
 * matching is in detect.ts (lemmas and parts of speech of the sentence), not in the phrase syntax.
 */
export type FrameDef = {
  id: FrameId;
  name: string;
  severity: Severity;
  suggestion: string;
  explanation: string;
};

export const FRAME_DEFS: FrameDef[] = [
  {
    id: 'outcome-promise',
    name: 'Promise of an outcome',
    severity: 'high',
    suggestion: 'may ... (not guaranteed)',
    explanation:
      'Saying what an investment will earn, return or pay states an uncertain outcome as a promise.',
  },
  {
    id: 'safety-claim',
    name: 'Safety claim',
    severity: 'high',
    suggestion: 'managed prudently',
    explanation: 'Calling capital safe, protected or impossible to lose denies the real risk of loss.',
  },
  {
    id: 'estimate',
    name: 'Estimate or target',
    severity: 'medium',
    suggestion: '... (not guaranteed)',
    explanation:
      'An estimate, forecast or target is a forward-looking statement that must be qualified as not guaranteed, with the disclaimer.',
  },
  {
    id: 'exhortation',
    name: 'Exhortation to invest',
    severity: 'high',
    suggestion: 'may wish to consider',
    explanation:
      'Telling an investor they should, must or ought to invest or move money is a personal recommendation that investor relations must not give.',
  },
];
