import {
  listSupervisoryReviewsQuerySchema,
  listSupervisoryReviewsResponseSchema,
  signOffSupervisoryReviewInputSchema,
  supervisoryReviewIdParamSchema,
  supervisoryReviewSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listReviews, signOffReview } from './supervisory-review.service';

const list = apiRoute({
  method: 'get',
  path: '/api/supervisory-reviews',
  summary: 'Post-send review: replies sent without pre-approval drawn for review, newest first',
  query: listSupervisoryReviewsQuerySchema,
  ok: {
    status: 200,
    schema: listSupervisoryReviewsResponseSchema,
    description: 'A page of reviews in the status asked for, and how many are pending',
  },
  errors: [400, 401, 403],
});

const signOff = apiRoute({
  method: 'post',
  path: '/api/supervisory-reviews/{id}/sign-off',
  summary: 'Sign off a reply drawn for post-send review, with an optional note (audited)',
  params: supervisoryReviewIdParamSchema,
  body: signOffSupervisoryReviewInputSchema,
  bodyRequired: false,
  ok: { status: 200, schema: supervisoryReviewSchema, description: 'The review, signed off' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** The post-send review queue on the Approvals page (docs/decisions/055-supervisory-review.md). */
export function registerSupervisoryReviewRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => c.json(await listReviews(deps, c.get('actor'), c.req.valid('query')), 200));
  api.openapi(signOff, async (c) =>
    c.json(
      await signOffReview(deps, c.get('actor'), {
        id: c.req.valid('param').id,
        note: c.req.valid('json')?.note,
      }),
      200,
    ),
  );
}
