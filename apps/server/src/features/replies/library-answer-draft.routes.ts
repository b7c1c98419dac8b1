import { libraryAnswerDraftSchema, messageIdParamSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { draftLibraryAnswerFromReply } from './library-answer-draft';

const fromMessage = apiRoute({
  method: 'get',
  path: '/api/compliance/library/from-message/{id}',
  summary:
    'Save to library: a new library answer’s fields taken from the message’s sent reply, for the author to edit before saving',
  params: messageIdParamSchema,
  ok: { status: 200, schema: libraryAnswerDraftSchema, description: 'The fields of a new answer' },
  errors: [400, 401, 403, 404],
});

/**
 * The answer library's 'Save to library' on a sent reply (docs/decisions/028-answer-library.md): served
 * here because it reads the reply's letter, and the answer library may not import replies.
 */
export function registerLibraryAnswerDraftRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(fromMessage, async (c) =>
    c.json(
      await draftLibraryAnswerFromReply(deps, c.get('actor'), { messageId: c.req.valid('param').id }),
      200,
    ),
  );
}
