import {
  listReviewItemsQuerySchema,
  listReviewItemsResponseSchema,
  reviewItemIdParamSchema,
  reviewItemSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listReviewItems, markReviewed } from './drift-watch.service';

const list = apiRoute({
  method: 'get',
  path: '/api/compliance/review-items',
  summary: 'Needs review: drafts and library answers whose cited passages changed, oldest first',
  query: listReviewItemsQuerySchema,
  ok: { status: 200, schema: listReviewItemsResponseSchema, description: 'Items waiting for review' },
  errors: [400, 401, 403],
});

const review = apiRoute({
  method: 'post',
  path: '/api/compliance/review-items/{id}/review',
  summary: 'Mark an item reviewed (a library answer’s source becomes the new passage; audited)',
  params: reviewItemIdParamSchema,
  ok: { status: 200, schema: reviewItemSchema, description: 'The item, reviewed' },
  errors: [400, 401, 403, 404, 409, 415],
});

/** The drift watch's queue in the Compliance center (docs/decisions/028-answer-library.md). */
export function registerDriftWatchRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) =>
    c.json(await listReviewItems(deps, c.get('actor'), c.req.valid('query')), 200),
  );
  api.openapi(review, async (c) =>
    c.json(await markReviewed(deps, c.get('actor'), { id: c.req.valid('param').id }), 200),
  );
}
