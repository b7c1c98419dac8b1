import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type CreateProjectInput,
  DOCUMENT_MAX_BYTES,
  type ListDocumentsResponse,
  type ListProjectsResponse,
  type Project,
  type ProjectDocument,
  type UpdateProjectInput,
} from '@parley/contracts';
import type { Db, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  CONTENT_TYPES,
  type DocumentKind,
  ExtractionError,
  extractDocumentText,
  sniffKind,
  splitIntoPassages,
} from './document-text';
import {
  type DocumentCursor,
  type DocumentRow,
  deleteDocumentRow,
  deletePassages,
  findDocument,
  findProject,
  findProjectIdByName,
  insertDocument,
  insertPassages,
  insertProject,
  listDocuments,
  listProjects,
  type ProjectCursor,
  type ProjectRow,
  updateDocument,
  updateProjectRow,
} from './projects.queries';

/** What the projects feature needs: the database, the clock and where document files live. */
export type ProjectsDeps = { db: Db; clock: Clock; documentsRoot: string };

/** DATA_DIR/documents (decision 013). */
export function documentsRootOf(dataDir: string) {
  return path.join(dataDir, 'documents');
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    fund_type: row.fundType,
    status: row.status,
    description: row.description,
    doc_count: row.docCount,
    message_count: row.messageCount,
    last_indexed: row.lastIndexed?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toProjectDocument(row: DocumentRow): ProjectDocument {
  return {
    id: row.id,
    project_id: row.projectId,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    status: row.status,
    error: row.error,
    page_count: row.pageCount,
    passage_count: row.passageCount,
    created_at: row.createdAt.toISOString(),
    indexed_at: row.indexedAt?.toISOString() ?? null,
  };
}

function encodeCursor(parts: string[]) {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** The two strings of a cursor this server made, or a 400 naming `cursor`. */
function decodeCursor(text: string): [string, string] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parts) &&
      parts.length === 2 &&
      typeof parts[0] === 'string' &&
      typeof parts[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(parts[1])
    ) {
      return [parts[0], parts[1]];
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Invalid cursor' } });
}

export async function listProjectsPage(
  db: Db,
  input: {
    orgId: string;
    status: 'active' | 'closed' | undefined;
    q: string | undefined;
    cursor: string | undefined;
    limit: number;
  },
): Promise<ListProjectsResponse> {
  let after: ProjectCursor | null = null;
  if (input.cursor !== undefined) {
    const [name, id] = decodeCursor(input.cursor);
    after = { name, id };
  }
  const rows = await listProjects(db, {
    orgId: input.orgId,
    status: input.status,
    search: input.q || undefined,
    after,
    limit: input.limit,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProject),
    next_cursor: rows.length > input.limit && last ? encodeCursor([last.sortName, last.id]) : null,
  };
}

export async function getProject(db: Db, orgId: string, projectId: string): Promise<Project> {
  const row = await findProject(db, orgId, projectId);
  if (!row) throw new AppError('NOT_FOUND');
  return toProject(row);
}

function duplicateName(name: string) {
  return new AppError('CONFLICT', {
    message: `A fund named "${name}" already exists.`,
    fields: { name: 'A fund with this name already exists' },
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A new fund and its audit entry, in one transaction; a name the organisation already uses is a 409. */
export async function createProject(
  deps: { db: Db; clock: Clock },
  input: { orgId: string; actorId: string | null; project: CreateProjectInput },
): Promise<Project> {
  const { project } = input;
  try {
    const id = await deps.db.transaction(async (tx) => {
      if (await findProjectIdByName(tx, input.orgId, project.name)) throw duplicateName(project.name);
      const projectId = await insertProject(tx, {
        orgId: input.orgId,
        name: project.name,
        fundType: project.fund_type,
        status: project.status ?? 'active',
        description: project.description ?? '',
        createdBy: input.actorId,
        now: deps.clock.now(),
      });
      await appendAudit(tx, deps.clock, {
        orgId: input.orgId,
        actorId: input.actorId,
        actionType: 'project_created',
        entityType: 'project',
        entityId: projectId,
        details: { name: project.name, fund_type: project.fund_type, status: project.status ?? 'active' },
      });
      return projectId;
    });
    return getProject(deps.db, input.orgId, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(project.name);
    throw error;
  }
}

/** Changes a fund's fields (audited with before and after); another organisation's fund is a 404. */
export async function updateProject(
  deps: { db: Db; clock: Clock },
  input: { orgId: string; actorId: string; projectId: string; changes: UpdateProjectInput },
): Promise<Project> {
  const { changes } = input;
  try {
    await deps.db.transaction(async (tx) => {
      const current = await findProject(tx, input.orgId, input.projectId);
      if (!current) throw new AppError('NOT_FOUND');
      if (changes.name !== undefined && changes.name !== current.name) {
        if (await findProjectIdByName(tx, input.orgId, changes.name)) throw duplicateName(changes.name);
      }
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.fund_type !== undefined ? { fundType: changes.fund_type } : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
      };
      await updateProjectRow(tx, input.orgId, input.projectId, set, deps.clock.now());
      await appendAudit(tx, deps.clock, {
        orgId: input.orgId,
        actorId: input.actorId,
        actionType: 'project_updated',
        entityType: 'project',
        entityId: input.projectId,
        details: {
          before: { name: current.name, fund_type: current.fundType, status: current.status },
          changes,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error) && changes.name) throw duplicateName(changes.name);
    throw error;
  }
  return getProject(deps.db, input.orgId, input.projectId);
}

async function requireProject(db: Db, orgId: string, projectId: string) {
  const project = await findProject(db, orgId, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  return project;
}

export async function listDocumentsPage(
  db: Db,
  input: { orgId: string; projectId: string; cursor: string | undefined; limit: number },
): Promise<ListDocumentsResponse> {
  await requireProject(db, input.orgId, input.projectId);
  let after: DocumentCursor | null = null;
  if (input.cursor !== undefined) {
    const [createdAt, id] = decodeCursor(input.cursor);
    if (Number.isNaN(Date.parse(createdAt))) {
      throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Invalid cursor' } });
    }
    after = { createdAt, id };
  }
  const rows = await listDocuments(db, { ...input, after });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProjectDocument),
    next_cursor:
      rows.length > input.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}

function filePathOf(deps: ProjectsDeps, storageKey: string) {
  return path.join(deps.documentsRoot, ...storageKey.split('/'));
}

/** The last path segment of an uploaded name, without control characters, at most 200 characters. */
function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.slice(-200) || 'document';
}

/**
 * Stores an uploaded document (DATA_DIR/documents/<org>/<project>/<document-id>), records it with
 * its audit entry, then indexes it inline (decision 013). A parse failure leaves the file and the
 * row, marked failed with the reason.
 */
export async function uploadDocument(
  deps: ProjectsDeps,
  input: { orgId: string; projectId: string; actorId: string | null; fileName: string; bytes: Uint8Array },
): Promise<ProjectDocument> {
  await requireProject(deps.db, input.orgId, input.projectId);
  if (input.bytes.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  const fileName = cleanFileName(input.fileName);
  const kind = sniffKind(fileName, input.bytes);
  if (!kind) throw new AppError('UNSUPPORTED_FILE_TYPE', { fields: { file: 'Unsupported file type' } });
  if (input.bytes.byteLength === 0) {
    throw new AppError('VALIDATION_FAILED', { fields: { file: 'The file is empty' } });
  }

  const documentId = randomUUID();
  const storageKey = `${input.orgId}/${input.projectId}/${documentId}`;
  const filePath = filePathOf(deps, storageKey);
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, input.bytes);
  let row: DocumentRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        id: documentId,
        orgId: input.orgId,
        projectId: input.projectId,
        fileName,
        contentType: CONTENT_TYPES[kind],
        sizeBytes: input.bytes.byteLength,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storageKey,
        status: 'indexing',
        uploadedBy: input.actorId,
        createdAt: deps.clock.now(),
      });
      await appendAudit(tx, deps.clock, {
        orgId: input.orgId,
        actorId: input.actorId,
        actionType: 'document_uploaded',
        entityType: 'project_document',
        entityId: documentId,
        details: { project_id: input.projectId, file_name: fileName, size_bytes: input.bytes.byteLength },
      });
      return inserted;
    });
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  return toProjectDocument(await indexDocument(deps, row, kind, input.bytes, null));
}

function kindOfContentType(contentType: string): DocumentKind {
  const entry = Object.entries(CONTENT_TYPES).find(([, type]) => type === contentType);
  return (entry?.[0] as DocumentKind | undefined) ?? 'text';
}

/**
 * Extracts, splits and stores the passages of a document in one transaction (replacing any it
 * had) and marks it indexed; or marks it failed with the reason. `audit` is written in the same
 * transaction.
 */
async function indexDocument(
  deps: ProjectsDeps,
  row: DocumentRow,
  kind: DocumentKind,
  bytes: Uint8Array,
  audit: { actorId: string | null; actionType: string } | null,
): Promise<DocumentRow> {
  let passages: { page: number | null; text: string }[];
  let pageCount: number | null;
  let failure: string | null = null;
  try {
    const extracted = await extractDocumentText(kind, bytes);
    pageCount = extracted.pageCount;
    passages = splitIntoPassages(extracted).map((p) => ({ ...p, text: p.text.replaceAll('\u0000', '') }));
    if (passages.length === 0) {
      failure =
        kind === 'pdf'
          ? 'No text was found in this PDF. Scanned PDFs need text recognition before upload.'
          : 'No text was found in this document.';
    }
  } catch (error) {
    pageCount = null;
    passages = [];
    failure =
      error instanceof ExtractionError ? error.message : 'The document could not be read. It may be damaged.';
  }
  const writeAudit = async (tx: Tx, details: Record<string, unknown>) => {
    if (!audit) return;
    await appendAudit(tx, deps.clock, {
      orgId: row.orgId,
      actorId: audit.actorId,
      actionType: audit.actionType,
      entityType: 'project_document',
      entityId: row.id,
      details: { project_id: row.projectId, file_name: row.fileName, ...details },
    });
  };
  try {
    return await storeIndexResult(deps, row, { passages, pageCount, failure }, writeAudit);
  } catch (error) {
    // The passages could not be stored: the document must not stay 'indexing' for ever.
    await updateDocument(deps.db, row.id, {
      status: 'failed',
      error: 'Indexing failed unexpectedly. Re-index to try again.',
      passageCount: 0,
      indexedAt: null,
    }).catch(() => undefined);
    throw error;
  }
}

/** One transaction: the old passages out, the new ones (or the failure) in, with the audit entry. */
async function storeIndexResult(
  deps: ProjectsDeps,
  row: DocumentRow,
  result: {
    passages: { page: number | null; text: string }[];
    pageCount: number | null;
    failure: string | null;
  },
  writeAudit: (tx: Tx, details: Record<string, unknown>) => Promise<void>,
): Promise<DocumentRow> {
  const { passages, pageCount, failure } = result;
  return deps.db.transaction(async (tx) => {
    await deletePassages(tx, row.id);
    if (failure !== null) {
      await writeAudit(tx, { status: 'failed', error: failure });
      return updateDocument(tx, row.id, {
        status: 'failed',
        error: failure,
        pageCount,
        passageCount: 0,
        indexedAt: null,
      });
    }
    await insertPassages(
      tx,
      passages.map((p, ordinal) => ({
        orgId: row.orgId,
        projectId: row.projectId,
        documentId: row.id,
        page: p.page,
        ordinal,
        text: p.text,
      })),
    );
    await writeAudit(tx, { status: 'indexed', passage_count: passages.length });
    return updateDocument(tx, row.id, {
      status: 'indexed',
      error: null,
      pageCount,
      passageCount: passages.length,
      indexedAt: deps.clock.now(),
    });
  });
}

/** Re-extracts a document from its stored file (audited); a missing file marks it failed. */
export async function reindexDocument(
  deps: ProjectsDeps,
  input: { orgId: string; projectId: string; documentId: string; actorId: string },
): Promise<ProjectDocument> {
  const row = await findDocument(deps.db, input);
  if (!row) throw new AppError('NOT_FOUND');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(filePathOf(deps, row.storageKey));
  } catch {
    const failed = await deps.db.transaction(async (tx) => {
      await deletePassages(tx, row.id);
      await appendAudit(tx, deps.clock, {
        orgId: row.orgId,
        actorId: input.actorId,
        actionType: 'document_reindexed',
        entityType: 'project_document',
        entityId: row.id,
        details: { project_id: row.projectId, file_name: row.fileName, status: 'failed' },
      });
      return updateDocument(tx, row.id, {
        status: 'failed',
        error: 'The stored file is missing. Delete this document and upload it again.',
        passageCount: 0,
        indexedAt: null,
      });
    });
    return toProjectDocument(failed);
  }
  const indexed = await indexDocument(deps, row, kindOfContentType(row.contentType), bytes, {
    actorId: input.actorId,
    actionType: 'document_reindexed',
  });
  return toProjectDocument(indexed);
}

/** Removes a document, its passages (cascade) and its file; audited. */
export async function deleteDocument(
  deps: ProjectsDeps,
  input: { orgId: string; projectId: string; documentId: string; actorId: string },
) {
  const row = await deps.db.transaction(async (tx) => {
    const found = await findDocument(tx, input);
    if (!found) throw new AppError('NOT_FOUND');
    await deleteDocumentRow(tx, found.id);
    await appendAudit(tx, deps.clock, {
      orgId: found.orgId,
      actorId: input.actorId,
      actionType: 'document_deleted',
      entityType: 'project_document',
      entityId: found.id,
      details: { project_id: found.projectId, file_name: found.fileName, sha256: found.sha256 },
    });
    return found;
  });
  await rm(filePathOf(deps, row.storageKey), { force: true });
}
