import {
  createProjectInputSchema,
  DOCUMENT_MAX_BYTES,
  deleteDocumentResponseSchema,
  documentDisclosureInputSchema,
  documentIdParamSchema,
  listDocumentsQuerySchema,
  listDocumentsResponseSchema,
  listProjectsQuerySchema,
  listProjectsResponseSchema,
  projectDocumentSchema,
  projectIdParamSchema,
  projectSchema,
  updateProjectInputSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import {
  createProject,
  deleteDocument,
  getProject,
  listDocumentsPage,
  listProjectsPage,
  reindexDocument,
  setDocumentDisclosure,
  updateProject,
  uploadDocument,
} from './projects.service';

const projectResponse = { schema: projectSchema, description: 'The fund with its counts' };
const documentResponse = {
  schema: projectDocumentSchema,
  description: 'The document after indexing (status indexed, or failed with the reason)',
};

const list = apiRoute({
  method: 'get',
  path: '/api/projects',
  summary: "The organisation's funds by name, with document and message counts, one page at a time",
  query: listProjectsQuerySchema,
  ok: { status: 200, schema: listProjectsResponseSchema, description: 'A page' },
  errors: [400, 401, 403],
});

const create = apiRoute({
  method: 'post',
  path: '/api/projects',
  summary: 'Create a fund (audited); the name is unique in the organisation',
  body: createProjectInputSchema,
  ok: { status: 201, ...projectResponse },
  errors: [400, 401, 403, 409, 415],
});

const get = apiRoute({
  method: 'get',
  path: '/api/projects/{id}',
  summary: 'One fund with its counts',
  params: projectIdParamSchema,
  ok: { status: 200, ...projectResponse },
  errors: [400, 401, 403, 404],
});

const update = apiRoute({
  method: 'patch',
  path: '/api/projects/{id}',
  summary: "Change a fund's name, type, status or description (audited)",
  params: projectIdParamSchema,
  body: updateProjectInputSchema,
  ok: { status: 200, ...projectResponse },
  errors: [400, 401, 403, 404, 409, 415],
});

const listDocs = apiRoute({
  method: 'get',
  path: '/api/projects/{id}/documents',
  summary: "A fund's documents, newest first, one page at a time",
  params: projectIdParamSchema,
  query: listDocumentsQuerySchema,
  ok: { status: 200, schema: listDocumentsResponseSchema, description: 'A page' },
  errors: [400, 401, 403, 404],
});

const upload = apiRoute({
  method: 'post',
  path: '/api/projects/{id}/documents',
  summary:
    'Upload a fund document (multipart/form-data, field "file"; PDF, DOCX, .md or .txt up to 10 MB) and index it (decision 013)',
  // The multipart body is read by the handler (not the validator), so its errors name the field `file`.
  params: projectIdParamSchema,
  ok: { status: 201, ...documentResponse },
  errors: [400, 401, 403, 404, 413, 415, 422, 503],
});

const reindex = apiRoute({
  method: 'post',
  path: '/api/projects/{id}/documents/{docId}/reindex',
  summary: 'Extract and index a document again from its stored file (audited)',
  params: documentIdParamSchema,
  ok: { status: 200, ...documentResponse },
  errors: [400, 401, 403, 404, 415, 503],
});

const remove = apiRoute({
  method: 'delete',
  path: '/api/projects/{id}/documents/{docId}',
  summary: 'Delete a document, its passages and its file (audited)',
  params: documentIdParamSchema,
  ok: { status: 200, schema: deleteDocumentResponseSchema, description: 'Deleted' },
  errors: [400, 401, 403, 404, 415],
});

const disclosure = apiRoute({
  method: 'put',
  path: '/api/projects/{id}/documents/{docId}/disclosure',
  summary:
    'Mark a document non-public (until a date, or until marked public) or public: drafts citing a non-public one are flagged (decision 053; audited)',
  params: documentIdParamSchema,
  body: documentDisclosureInputSchema,
  ok: { status: 200, schema: projectDocumentSchema, description: 'The document' },
  errors: [400, 401, 403, 404, 415],
});

/** Funds and their documents; the organisation is always the session's. */
export function registerProjectRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(list, async (c) => {
    const page = await listProjectsPage(deps, c.get('actor'), c.req.valid('query'));
    return c.json(page, 200);
  });

  api.openapi(create, async (c) => {
    const project = await createProject(deps, c.get('actor'), c.req.valid('json'));
    return c.json(project, 201);
  });

  api.openapi(get, async (c) => {
    const project = await getProject(deps, c.get('actor'), c.req.valid('param'));
    return c.json(project, 200);
  });

  api.openapi(update, async (c) => {
    const project = await updateProject(deps, c.get('actor'), {
      id: c.req.valid('param').id,
      changes: c.req.valid('json'),
    });
    return c.json(project, 200);
  });

  api.openapi(listDocs, async (c) => {
    const page = await listDocumentsPage(deps, c.get('actor'), {
      ...c.req.valid('query'),
      projectId: c.req.valid('param').id,
    });
    return c.json(page, 200);
  });

  api.openapi(upload, async (c) => {
    let file: unknown;
    try {
      file = (await c.req.parseBody()).file;
    } catch {
      throw new AppError('VALIDATION_FAILED', { fields: { file: 'Send the file as multipart/form-data' } });
    }
    if (!(file instanceof File)) {
      throw new AppError('VALIDATION_FAILED', { fields: { file: 'Choose a file to upload' } });
    }
    if (file.size > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
    const document = await uploadDocument(deps, c.get('actor'), {
      projectId: c.req.valid('param').id,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return c.json(document, 201);
  });

  api.openapi(reindex, async (c) => {
    const params = c.req.valid('param');
    const document = await reindexDocument(deps, c.get('actor'), {
      projectId: params.id,
      documentId: params.docId,
    });
    return c.json(document, 200);
  });

  api.openapi(disclosure, async (c) => {
    const params = c.req.valid('param');
    const document = await setDocumentDisclosure(deps, c.get('actor'), {
      projectId: params.id,
      documentId: params.docId,
      ...c.req.valid('json'),
    });
    return c.json(document, 200);
  });

  api.openapi(remove, async (c) => {
    const params = c.req.valid('param');
    await deleteDocument(deps, c.get('actor'), { projectId: params.id, documentId: params.docId });
    return c.json({ success: true as const }, 200);
  });
}
