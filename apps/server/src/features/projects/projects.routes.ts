import { createRoute } from '@hono/zod-openapi';
import {
  createProjectInputSchema,
  DOCUMENT_MAX_BYTES,
  deleteDocumentResponseSchema,
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
import { type ApiRouter, errorResponses, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import {
  createProject,
  deleteDocument,
  getProject,
  listDocumentsPage,
  listProjectsPage,
  reindexDocument,
  updateProject,
  uploadDocument,
} from './projects.service';

const projectResponse = {
  description: 'The fund with its counts',
  content: { 'application/json': { schema: projectSchema } },
};
const documentResponse = {
  description: 'The document after indexing (status indexed, or failed with the reason)',
  content: { 'application/json': { schema: projectDocumentSchema } },
};

const list = createRoute({
  method: 'get',
  path: '/api/projects',
  summary: "The organisation's funds by name, with document and message counts, one page at a time",
  request: { query: listProjectsQuerySchema },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: listProjectsResponseSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

const create = createRoute({
  method: 'post',
  path: '/api/projects',
  summary: 'Create a fund (audited); the name is unique in the organisation',
  request: {
    body: { required: true, content: { 'application/json': { schema: createProjectInputSchema } } },
  },
  responses: { 201: projectResponse, ...errorResponses(400, 401, 403, 409, 415) },
});

const get = createRoute({
  method: 'get',
  path: '/api/projects/{id}',
  summary: 'One fund with its counts',
  request: { params: projectIdParamSchema },
  responses: { 200: projectResponse, ...errorResponses(400, 401, 403, 404) },
});

const update = createRoute({
  method: 'patch',
  path: '/api/projects/{id}',
  summary: "Change a fund's name, type, status or description (audited)",
  request: {
    params: projectIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: updateProjectInputSchema } } },
  },
  responses: { 200: projectResponse, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const listDocs = createRoute({
  method: 'get',
  path: '/api/projects/{id}/documents',
  summary: "A fund's documents, newest first, one page at a time",
  request: { params: projectIdParamSchema, query: listDocumentsQuerySchema },
  responses: {
    200: { description: 'A page', content: { 'application/json': { schema: listDocumentsResponseSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const upload = createRoute({
  method: 'post',
  path: '/api/projects/{id}/documents',
  summary:
    'Upload a fund document (multipart/form-data, field "file"; PDF, DOCX, .md or .txt up to 10 MB) and index it (decision 013)',
  // The multipart body is read by the handler (not the validator), so its errors name the field `file`.
  request: { params: projectIdParamSchema },
  responses: { 201: documentResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
});

const reindex = createRoute({
  method: 'post',
  path: '/api/projects/{id}/documents/{docId}/reindex',
  summary: 'Extract and index a document again from its stored file (audited)',
  request: { params: documentIdParamSchema },
  responses: { 200: documentResponse, ...errorResponses(400, 401, 403, 404, 415) },
});

const remove = createRoute({
  method: 'delete',
  path: '/api/projects/{id}/documents/{docId}',
  summary: 'Delete a document, its passages and its file (audited)',
  request: { params: documentIdParamSchema },
  responses: {
    200: {
      description: 'Deleted',
      content: { 'application/json': { schema: deleteDocumentResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
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

  api.openapi(remove, async (c) => {
    const params = c.req.valid('param');
    await deleteDocument(deps, c.get('actor'), { projectId: params.id, documentId: params.docId });
    return c.json({ success: true as const }, 200);
  });
}
