import {
  createLibraryAnswerInputSchema,
  libraryAnswerIdParamSchema,
  libraryAnswerSchema,
  libraryOwnersResponseSchema,
  libraryPassagesQuerySchema,
  libraryPassagesResponseSchema,
  listLibraryQuerySchema,
  listLibraryResponseSchema,
  updateLibraryAnswerInputSchema,
} from '@parley/contracts';
import { registerArchivableRoutes } from '../../http/archivable-routes';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import {
  archiveLibraryAnswer,
  createLibraryAnswer,
  editLibraryAnswer,
  getLibraryAnswer,
  getLibraryAnswers,
  getLibraryOwners,
  searchLibraryPassages,
} from './answer-library.service';

const list = apiRoute({
  method: 'get',
  path: '/api/compliance/library',
  summary: 'Approved library answers by title, searchable, filtered by status (live, expiring, expired)',
  query: listLibraryQuerySchema,
  ok: { status: 200, schema: listLibraryResponseSchema, description: 'Library answers and counts' },
  errors: [400, 401, 403],
});

const owners = apiRoute({
  method: 'get',
  path: '/api/compliance/library/owners',
  summary: 'The members a library answer may be given to',
  ok: { status: 200, schema: libraryOwnersResponseSchema, description: 'Active members' },
  errors: [401, 403],
});

const passages = apiRoute({
  method: 'get',
  path: '/api/compliance/library/passages',
  summary: 'A fund’s passages matching some words, for a library answer to cite',
  query: libraryPassagesQuerySchema,
  ok: { status: 200, schema: libraryPassagesResponseSchema, description: 'Passages' },
  errors: [400, 401, 403],
});

const getOne = apiRoute({
  method: 'get',
  path: '/api/compliance/library/{id}',
  summary: 'One library answer',
  params: libraryAnswerIdParamSchema,
  ok: { status: 200, schema: libraryAnswerSchema, description: 'The answer' },
  errors: [400, 401, 403, 404],
});

/** The answer library of the Compliance center (docs/decisions/028-answer-library.md). */
export function registerAnswerLibraryRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) =>
    c.json(await getLibraryAnswers(deps, c.get('actor'), c.req.valid('query')), 200),
  );
  api.openapi(owners, async (c) => c.json(await getLibraryOwners(deps, c.get('actor')), 200));
  api.openapi(passages, async (c) =>
    c.json(await searchLibraryPassages(deps, c.get('actor'), c.req.valid('query')), 200),
  );
  api.openapi(getOne, async (c) =>
    c.json(await getLibraryAnswer(deps, c.get('actor'), { id: c.req.valid('param').id }), 200),
  );

  registerArchivableRoutes(api, deps, {
    path: '/api/compliance/library',
    idParam: libraryAnswerIdParamSchema,
    entry: { schema: libraryAnswerSchema, description: 'The answer' },
    create: {
      summary: 'Add an approved answer (approved by the caller; audited)',
      body: createLibraryAnswerInputSchema,
      run: createLibraryAnswer,
    },
    update: {
      summary:
        'Change or renew a library answer (re-approved by the caller when its content or expiry changes; audited)',
      body: updateLibraryAnswerInputSchema,
      run: editLibraryAnswer,
    },
    archive: {
      summary: 'Archive a library answer: no longer listed or used by the drafter (audited)',
      run: archiveLibraryAnswer,
    },
  });
}
