import { earlierAnswersResponseSchema, messageIdParamSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { getEarlierAnswers } from './earlier-answers';

const earlierAnswers = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/earlier-answers',
  summary:
    'Answered before: replies sent to other investors of the same fund on a similar question, most similar first (at most 5)',
  params: messageIdParamSchema,
  ok: { status: 200, schema: earlierAnswersResponseSchema, description: 'The earlier answers' },
  errors: [400, 401, 403, 404],
});

/** Consistency across investors (docs/decisions/027-consistency-across-investors.md). */
export function registerEarlierAnswerRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(earlierAnswers, async (c) => {
    return c.json(await getEarlierAnswers(deps, c.get('actor'), { messageId: c.req.valid('param').id }), 200);
  });
}
