import { createHash, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import {
  type CreateProjectInput,
  DOCUMENT_MAX_BYTES,
  type ListDocumentsQuery,
  type ListDocumentsResponse,
  type ListProjectsQuery,
  type ListProjectsResponse,
  type Project,
  type ProjectDocument,
  type UpdateProjectInput,
} from '@parley/contracts';
import type { Actor, AuditActor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import {
  encodeCursor,
  encodeTimeCursor,
  invalidCursor,
  isUuid,
  parseCursor,
  parseTimeCursor,
} from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { privateFilePath, writePrivateFile } from '../../lib/private-files';
import { type PassageSnapshot, recordPassageDrift } from '../drift-watch/drift-watch.service';
import { assertMayDelete } from '../retention/retention-guard';
import { type ExtractionTicket, sharedDocumentExtractor } from './document-extractor';
import { EXTRACTION_RETRY_AFTER_SECONDS } from './document-limits';
import {
  CONTENT_TYPES,
  type DocumentKind,
  ExtractionError,
  sniffKind,
  splitIntoPassages,
} from './document-text';
import { docPathOf } from './passage-lookup';
import {
  type DocumentRow,
  deleteDocumentRow,
  deletePassages,
  deletePassagesByIds,
  findDocument,
  findProject,
  findProjectIdByName,
  insertDocument,
  insertPassages,
  insertProject,
  listDocumentPassages,
  listDocuments,
  listProjects,
  movePassages,
  type ProjectCursor,
  type ProjectRow,
  type StoredPassage,
  updateDocument,
  updateProjectRow,
} from './projects.queries';
import { zipDirectoryProblem } from './zip-directory';

/**
 * What the document services need: the database, the clock, where document files live and, unless the
 * process's shared one will do (the seed, benchmarks), the extractor.
 */
type DocumentsContext = Pick<ServiceContext, 'db' | 'clock' | 'documentsRoot'> &
  Partial<Pick<ServiceContext, 'documentExtractor'>>;

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
    non_public: row.nonPublic,
    public_from: row.publicFrom?.toISOString() ?? null,
  };
}

/** A projects-list position: the last fund's sort name and id. */
function parseProjectCursor(value: string): ProjectCursor {
  const [name = '', id = ''] = parseCursor(value, 2);
  if (!isUuid(id)) throw invalidCursor();
  return { name, id };
}

export async function listProjectsPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  query: ListProjectsQuery,
): Promise<ListProjectsResponse> {
  const rows = await listProjects(ctx.db, {
    orgId: actor.orgId,
    status: query.status,
    search: query.q || undefined,
    after: query.cursor === undefined ? null : parseProjectCursor(query.cursor),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProject),
    next_cursor: rows.length > query.limit && last ? encodeCursor([last.sortName, last.id]) : null,
  };
}

export async function getProject(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { id: string },
): Promise<Project> {
  return toProject(await requireProject(ctx.db, actor.orgId, input.id));
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
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: AuditActor,
  project: CreateProjectInput,
): Promise<Project> {
  try {
    const id = await ctx.db.transaction(async (tx) => {
      if (await findProjectIdByName(tx, actor.orgId, project.name)) throw duplicateName(project.name);
      const projectId = await insertProject(tx, {
        orgId: actor.orgId,
        name: project.name,
        fundType: project.fund_type,
        status: project.status ?? 'active',
        description: project.description ?? '',
        createdBy: actor.userId,
        now: ctx.clock.now(),
      });
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'project_created',
        entityType: 'project',
        entityId: projectId,
        details: { name: project.name, fund_type: project.fund_type, status: project.status ?? 'active' },
      });
      return projectId;
    });
    return getProject(ctx, actor, { id });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(project.name);
    throw error;
  }
}

/** Changes a fund's fields (audited with before and after); another organisation's fund is a 404. */
export async function updateProject(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string; changes: UpdateProjectInput },
): Promise<Project> {
  const { changes } = input;
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await requireProject(tx, actor.orgId, input.id);
      if (changes.name !== undefined && changes.name !== current.name) {
        if (await findProjectIdByName(tx, actor.orgId, changes.name)) throw duplicateName(changes.name);
      }
      const set = {
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.fund_type !== undefined ? { fundType: changes.fund_type } : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
      };
      await updateProjectRow(tx, actor.orgId, input.id, set, ctx.clock.now());
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
        actionType: 'project_updated',
        entityType: 'project',
        entityId: input.id,
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
  return getProject(ctx, actor, { id: input.id });
}

async function requireProject(db: DbOrTx, orgId: string, projectId: string) {
  const project = await findProject(db, orgId, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  return project;
}

export async function listDocumentsPage(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: ListDocumentsQuery & { projectId: string },
): Promise<ListDocumentsResponse> {
  await requireProject(ctx.db, actor.orgId, input.projectId);
  const rows = await listDocuments(ctx.db, {
    orgId: actor.orgId,
    projectId: input.projectId,
    after: input.cursor === undefined ? null : parseTimeCursor(input.cursor),
    limit: input.limit,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toProjectDocument),
    next_cursor:
      rows.length > input.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

function filePathOf(ctx: Pick<ServiceContext, 'documentsRoot'>, storageKey: string) {
  return privateFilePath(ctx.documentsRoot, storageKey);
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
 * its audit entry, then indexes it (decision 013) in the extraction worker, waiting for its turn
 * (docs/decisions/037-untrusted-files.md). A DOCX whose ZIP directory promises a bomb is refused with
 * 422 before anything is stored, and so is any upload past the queue's limit, with 503. A parse
 * failure, a worker past its time or memory, leaves the file and the row, marked failed with the reason.
 */
export async function uploadDocument(
  ctx: DocumentsContext,
  actor: AuditActor,
  input: { projectId: string; fileName: string; bytes: Uint8Array },
): Promise<ProjectDocument> {
  await requireProject(ctx.db, actor.orgId, input.projectId);
  if (input.bytes.byteLength > DOCUMENT_MAX_BYTES) throw new AppError('DOCUMENT_TOO_LARGE');
  const fileName = cleanFileName(input.fileName);
  const kind = sniffKind(fileName, input.bytes);
  if (!kind) throw new AppError('UNSUPPORTED_FILE_TYPE', { fields: { file: 'Unsupported file type' } });
  if (input.bytes.byteLength === 0) {
    throw new AppError('VALIDATION_FAILED', { fields: { file: 'The file is empty' } });
  }

  // A DOCX is a ZIP: its directory says what it unpacks to, read before anything is inflated.
  const refusal = kind === 'docx' ? zipDirectoryProblem(input.bytes) : null;
  if (refusal) {
    throw new AppError('DOCUMENT_REFUSED', {
      message: `"${fileName}" was refused: ${refusal}.`,
      fields: { file: `Refused: ${refusal}` },
    });
  }

  const ticket = admitExtraction(ctx);
  try {
    return await storeAndIndex(ctx, actor, { ...input, fileName, kind }, ticket);
  } finally {
    ticket.release();
  }
}

/** A place in the extraction queue, or 503 with nothing written (docs/decisions/037-untrusted-files.md). */
function admitExtraction(ctx: DocumentsContext): ExtractionTicket {
  const ticket = (ctx.documentExtractor ?? sharedDocumentExtractor()).admit();
  if (!ticket)
    throw new AppError('DOCUMENT_READER_BUSY', { retryAfterSeconds: EXTRACTION_RETRY_AFTER_SECONDS });
  return ticket;
}

async function storeAndIndex(
  ctx: DocumentsContext,
  actor: AuditActor,
  input: { projectId: string; fileName: string; bytes: Uint8Array; kind: DocumentKind },
  ticket: ExtractionTicket,
): Promise<ProjectDocument> {
  const { fileName, kind } = input;
  const documentId = randomUUID();
  const storageKey = `${actor.orgId}/${input.projectId}/${documentId}`;
  const filePath = await writePrivateFile(ctx.documentsRoot, storageKey, input.bytes);
  let row: DocumentRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertDocument(tx, {
        id: documentId,
        orgId: actor.orgId,
        projectId: input.projectId,
        fileName,
        contentType: CONTENT_TYPES[kind],
        sizeBytes: input.bytes.byteLength,
        sha256: createHash('sha256').update(input.bytes).digest('hex'),
        storageKey,
        status: 'indexing',
        uploadedBy: actor.userId,
        createdAt: ctx.clock.now(),
      });
      await appendAudit(tx, ctx.clock, {
        orgId: actor.orgId,
        actorId: actor.userId,
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
  return toProjectDocument(await indexDocument(ctx, row, kind, input.bytes, null, ticket));
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
  ctx: DocumentsContext,
  row: DocumentRow,
  kind: DocumentKind,
  bytes: Uint8Array,
  audit: { actorId: string | null; actionType: string } | null,
  ticket: ExtractionTicket,
): Promise<DocumentRow> {
  let passages: { page: number | null; text: string }[];
  let pageCount: number | null;
  let failure: string | null = null;
  try {
    // A stored DOCX from before the directory check is checked here: refused files never reach a parser.
    const refusal = kind === 'docx' ? zipDirectoryProblem(bytes) : null;
    if (refusal) throw new ExtractionError(`The Word document was not read: ${refusal}.`);
    const extracted = await ticket.extract(kind, bytes);
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
    await appendAudit(tx, ctx.clock, {
      orgId: row.orgId,
      actorId: audit.actorId,
      actionType: audit.actionType,
      entityType: 'project_document',
      entityId: row.id,
      details: { project_id: row.projectId, file_name: row.fileName, ...details },
    });
  };
  try {
    return await storeIndexResult(ctx, row, { passages, pageCount, failure }, writeAudit);
  } catch (error) {
    // The passages could not be stored: the document must not stay 'indexing' for ever.
    await updateDocument(ctx.db, row.id, {
      status: 'failed',
      error: 'Indexing failed unexpectedly. Re-index to try again.',
      passageCount: 0,
      indexedAt: null,
    }).catch(() => undefined);
    throw error;
  }
}

/**
 * Replaces a document's passages with `next`, keeping the row — and the id drafts and library answers
 * cite — of each passage whose text is unchanged (moved to its new page and place); the others are
 * deleted and the new texts inserted (docs/decisions/028-answer-library.md). Returns the passages now
 * stored, in order.
 */
async function replacePassages(
  tx: Tx,
  row: DocumentRow,
  before: readonly StoredPassage[],
  next: readonly { page: number | null; text: string }[],
): Promise<StoredPassage[]> {
  const unused = new Map<string, StoredPassage[]>();
  for (const passage of before) unused.set(passage.text, [...(unused.get(passage.text) ?? []), passage]);
  const kept: StoredPassage[] = [];
  const fresh: Parameters<typeof insertPassages>[1] = [];
  next.forEach((passage, ordinal) => {
    const same = unused.get(passage.text)?.shift();
    if (same) kept.push({ id: same.id, page: passage.page, ordinal, text: passage.text });
    else {
      fresh.push({ orgId: row.orgId, projectId: row.projectId, documentId: row.id, ordinal, ...passage });
    }
  });
  const keptIds = new Set(kept.map((p) => p.id));
  const beforeById = new Map(before.map((p) => [p.id, p]));
  await deletePassagesByIds(
    tx,
    before.filter((p) => !keptIds.has(p.id)).map((p) => p.id),
  );
  await movePassages(
    tx,
    kept.filter((p) => beforeById.get(p.id)?.page !== p.page || beforeById.get(p.id)?.ordinal !== p.ordinal),
  );
  const inserted = await insertPassages(tx, fresh);
  return [...kept, ...inserted].sort((a, b) => a.ordinal - b.ordinal);
}

/** A document's passages as the drift watch compares them. */
function snapshotsOf(row: DocumentRow, passages: readonly StoredPassage[]): PassageSnapshot[] {
  return passages.map((p) => ({ id: p.id, text: p.text, docPath: docPathOf(row.fileName, p.page) }));
}

/**
 * The drift watch, in the transaction that changes a document's passages (docs/decisions/028-answer-library.md):
 * the drafts and library answers citing passages that changed or went are listed for review; the
 * count goes into the document's audit entry when there are any.
 */
async function watchDrift(
  tx: Tx,
  row: DocumentRow,
  before: readonly StoredPassage[],
  after: readonly StoredPassage[],
): Promise<Record<string, number>> {
  const needsReview = await recordPassageDrift(tx, {
    orgId: row.orgId,
    projectId: row.projectId,
    documentId: row.id,
    fileName: row.fileName,
    before: snapshotsOf(row, before),
    after: snapshotsOf(row, after),
  });
  return needsReview > 0 ? { needs_review: needsReview } : {};
}

/** One transaction: the old passages out, the new ones (or the failure) in, with the audit entry. */
async function storeIndexResult(
  ctx: DocumentsContext,
  row: DocumentRow,
  result: {
    passages: { page: number | null; text: string }[];
    pageCount: number | null;
    failure: string | null;
  },
  writeAudit: (tx: Tx, details: Record<string, unknown>) => Promise<void>,
): Promise<DocumentRow> {
  const { passages, pageCount, failure } = result;
  return ctx.db.transaction(async (tx) => {
    const before = await listDocumentPassages(tx, row.id);
    if (failure !== null) {
      await deletePassages(tx, row.id);
      const drift = await watchDrift(tx, row, before, []);
      await writeAudit(tx, { status: 'failed', error: failure, ...drift });
      return updateDocument(tx, row.id, {
        status: 'failed',
        error: failure,
        pageCount,
        passageCount: 0,
        indexedAt: null,
      });
    }
    const after = await replacePassages(tx, row, before, passages);
    const drift = await watchDrift(tx, row, before, after);
    await writeAudit(tx, { status: 'indexed', passage_count: passages.length, ...drift });
    return updateDocument(tx, row.id, {
      status: 'indexed',
      error: null,
      pageCount,
      passageCount: passages.length,
      indexedAt: ctx.clock.now(),
    });
  });
}

/**
 * Re-extracts a document from its stored file (audited); a missing file marks it failed. Like an
 * upload it takes a place in the extraction queue first, or is answered 503.
 */
export async function reindexDocument(
  ctx: DocumentsContext,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { projectId: string; documentId: string },
): Promise<ProjectDocument> {
  const row = await findDocument(ctx.db, { ...input, orgId: actor.orgId });
  if (!row) throw new AppError('NOT_FOUND');
  const ticket = admitExtraction(ctx);
  try {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(filePathOf(ctx, row.storageKey));
    } catch {
      const failed = await ctx.db.transaction(async (tx) => {
        const before = await listDocumentPassages(tx, row.id);
        await deletePassages(tx, row.id);
        const drift = await watchDrift(tx, row, before, []);
        await appendAudit(tx, ctx.clock, {
          orgId: row.orgId,
          actorId: actor.userId,
          actionType: 'document_reindexed',
          entityType: 'project_document',
          entityId: row.id,
          details: { project_id: row.projectId, file_name: row.fileName, status: 'failed', ...drift },
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
    const indexed = await indexDocument(
      ctx,
      row,
      kindOfContentType(row.contentType),
      bytes,
      {
        actorId: actor.userId,
        actionType: 'document_reindexed',
      },
      ticket,
    );
    return toProjectDocument(indexed);
  } finally {
    ticket.release();
  }
}

/**
 * Marks a document non-public (until `public_from`, or until marked public) or public, audited with
 * before and after in the same transaction (docs/decisions/053-non-public-documents.md). Checks from
 * now on flag a draft citing it while it is non-public; stored checks keep their flags.
 */
export async function setDocumentDisclosure(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: {
    projectId: string;
    documentId: string;
    non_public: boolean;
    public_from?: string | null | undefined;
  },
): Promise<ProjectDocument> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await findDocument(tx, { ...input, orgId: actor.orgId });
    if (!found) throw new AppError('NOT_FOUND');
    const publicFrom = input.non_public && input.public_from ? new Date(input.public_from) : null;
    const updated = await updateDocument(tx, found.id, { nonPublic: input.non_public, publicFrom });
    const stateOf = (doc: typeof found) => ({
      non_public: doc.nonPublic,
      public_from: doc.publicFrom?.toISOString() ?? null,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: found.orgId,
      actorId: actor.userId,
      actionType: 'document_disclosure_changed',
      entityType: 'project_document',
      entityId: found.id,
      details: {
        project_id: found.projectId,
        file_name: found.fileName,
        before: stateOf(found),
        after: stateOf(updated),
      },
    });
    return updated;
  });
  return toProjectDocument(row);
}

/** Removes a document, its passages (cascade) and its file; audited. */
export async function deleteDocument(
  ctx: DocumentsContext,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { projectId: string; documentId: string },
) {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await findDocument(tx, { ...input, orgId: actor.orgId });
    if (!found) throw new AppError('NOT_FOUND');
    // A fund document is a record: refused while a legal hold or the retention period covers it,
    // before anything is written (docs/decisions/030-data-retention.md).
    await assertMayDelete(tx, {
      orgId: actor.orgId,
      now: ctx.clock.now(),
      record: { kind: 'document', projectId: found.projectId, datedAt: found.createdAt },
    });
    const drift = await watchDrift(tx, found, await listDocumentPassages(tx, found.id), []);
    await deleteDocumentRow(tx, found.id);
    await appendAudit(tx, ctx.clock, {
      orgId: found.orgId,
      actorId: actor.userId,
      actionType: 'document_deleted',
      entityType: 'project_document',
      entityId: found.id,
      details: { project_id: found.projectId, file_name: found.fileName, sha256: found.sha256, ...drift },
    });
    return found;
  });
  await rm(filePathOf(ctx, row.storageKey), { force: true });
}

// The fund a compliance check belongs to, published for the compliance feature
// (docs/decisions/018-import-boundaries.md).
export { findProject } from './projects.queries';
