import type { Config } from '../../config';
import { createBuiltInDrafter } from './built-in-drafter';
import type { Drafter } from './drafter';
import { createOpenAiDrafter } from './openai-drafter';

/** Decision 014: the OpenAI-compatible drafter when AI_BASE_URL and AI_MODEL are set, else the built-in one. */
export function drafterFromConfig(config: Pick<Config, 'ai'>): Drafter {
  return config.ai ? createOpenAiDrafter(config.ai) : createBuiltInDrafter();
}
