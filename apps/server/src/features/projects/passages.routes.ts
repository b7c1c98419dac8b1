import {
  documentIdParamSchema,
  documentPassageSchema,
  listPassagesQuerySchema,
  listPassagesResponseSchema,
  passageDisclosureInputSchema,
  passageIdParamSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { listPassagesPage, setPassageDisclosure } from './passages.service';

const list = apiRoute({
  method: 'get',
  path: '/api/projects/{id}/documents/{docId}/passages',
  summary: "A document's indexed passages in its order, with their non-public marks, one page at a time",
  params: documentIdParamSchema,
  query: listPassagesQuerySchema,
  ok: { status: 200, schema: listPassagesResponseSchema, description: 'A page' },
  errors: [400, 401, 403, 404],
});

const disclosure = apiRoute({
  method: 'put',
  path: '/api/projects/{id}/documents/{docId}/passages/{passageId}/disclosure',
  summary:
    'Mark one passage non-public (until a date, or until marked public) or public: drafts citing a non-public one are flagged (decision 053; audited)',
  params: passageIdParamSchema,
  body: passageDisclosureInputSchema,
  ok: { status: 200, schema: documentPassageSchema, description: 'The passage' },
  errors: [400, 401, 403, 404, 415],
});

/** A fund document's passages and their marks (docs/decisions/053-non-public-documents.md). */
export function registerPassageRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => {
    const params = c.req.valid('param');
    const page = await listPassagesPage(deps, c.get('actor'), {
      ...c.req.valid('query'),
      projectId: params.id,
      documentId: params.docId,
    });
    return c.json(page, 200);
  });

  api.openapi(disclosure, async (c) => {
    const params = c.req.valid('param');
    const passage = await setPassageDisclosure(deps, c.get('actor'), {
      projectId: params.id,
      documentId: params.docId,
      passageId: params.passageId,
      ...c.req.valid('json'),
    });
    return c.json(passage, 200);
  });
}
