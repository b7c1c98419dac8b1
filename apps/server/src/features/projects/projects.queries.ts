import { and, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documentPassages, investorMessageCounts, projectDocuments, projects } from '../../db/schema';
import type { TimeCursor } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';

/** The outer fund row inside the correlated subqueries (Drizzle leaves single-table columns unqualified). */
const outerProjectId = sql.raw('"projects"."id"');

/**
 * The columns of a fund as its card shows it: documents counted through their project index, the
 * messages read from investor_message_counts (kept by triggers).
 */
const projectColumns = {
  id: projects.id,
  name: projects.name,
  fundType: projects.fundType,
  status: projects.status,
  description: projects.description,
  createdAt: projects.createdAt,
  docCount: sql<number>`(select count(*)::int from ${projectDocuments} where ${projectDocuments.projectId} = ${outerProjectId})`,
  // The fund's rows of investor_message_counts (kept by triggers), not a count of its messages.
  messageCount: sql<number>`(select coalesce(sum(${investorMessageCounts.n}), 0)::int from ${investorMessageCounts} where ${investorMessageCounts.orgId} = ${sql.raw('"projects"."org_id"')} and ${investorMessageCounts.projectId} = ${outerProjectId})`,
  lastIndexed:
    sql<Date | null>`(select max(${projectDocuments.indexedAt}) from ${projectDocuments} where ${projectDocuments.projectId} = ${outerProjectId} and ${projectDocuments.status} = 'indexed')`.mapWith(
      projectDocuments.indexedAt,
    ),
};

export type ProjectRow = {
  id: string;
  name: string;
  fundType: string;
  status: 'active' | 'closed';
  description: string;
  createdAt: Date;
  docCount: number;
  messageCount: number;
  lastIndexed: Date | null;
};

/** Where a keyset page resumes: the lower-cased name and id of the previous page's last row. */
export type ProjectCursor = { name: string; id: string };

const projectSortKey = sql<string>`lower(${projects.name})`;

/** One page of the organisation's funds by name (projects_org_name_key); `limit + 1` rows tell whether more follow. */
export async function listProjects(
  db: DbOrTx,
  input: {
    orgId: string;
    status: 'active' | 'closed' | undefined;
    search: string | undefined;
    after: ProjectCursor | null;
    limit: number;
  },
): Promise<(ProjectRow & { sortName: string })[]> {
  const filters: (SQL | undefined)[] = [
    eq(projects.orgId, input.orgId),
    input.status ? eq(projects.status, input.status) : undefined,
    input.search ? ilike(projects.name, containsPattern(input.search)) : undefined,
    input.after
      ? sql`(${projectSortKey}, ${projects.id}) > (${input.after.name}, ${input.after.id}::uuid)`
      : undefined,
  ];
  return db
    .select({ ...projectColumns, sortName: projectSortKey })
    .from(projects)
    .where(and(...filters))
    .orderBy(projectSortKey, projects.id)
    .limit(input.limit + 1);
}

/** One fund of the organisation, or null (also for another organisation's fund). */
export async function findProject(db: DbOrTx, orgId: string, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db
    .select(projectColumns)
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row ?? null;
}

export async function findProjectIdByName(db: DbOrTx, orgId: string, name: string) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.name, name)));
  return row?.id ?? null;
}

export async function insertProject(
  db: DbOrTx,
  input: {
    orgId: string;
    name: string;
    fundType: string;
    status: 'active' | 'closed';
    description: string;
    createdBy: string | null;
    now: Date;
  },
) {
  const [row] = await db
    .insert(projects)
    .values({
      orgId: input.orgId,
      name: input.name,
      fundType: input.fundType,
      status: input.status,
      description: input.description,
      createdBy: input.createdBy,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: projects.id });
  if (!row) throw new Error('project insert returned nothing');
  return row.id;
}

export async function updateProjectRow(
  db: DbOrTx,
  orgId: string,
  projectId: string,
  changes: Partial<{ name: string; fundType: string; status: 'active' | 'closed'; description: string }>,
  now: Date,
) {
  await db
    .update(projects)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
}

export type DocumentRow = typeof projectDocuments.$inferSelect;

/** Where a page of documents resumes: newest first, by created_at then id. */
/** One page of a fund's documents, newest first (project_documents_project_idx). */
export async function listDocuments(
  db: DbOrTx,
  input: { orgId: string; projectId: string; after: TimeCursor | null; limit: number },
): Promise<DocumentRow[]> {
  const after = input.after
    ? or(
        lt(projectDocuments.createdAt, input.after.at),
        and(
          eq(projectDocuments.createdAt, input.after.at),
          sql`${projectDocuments.id} < ${input.after.id}::uuid`,
        ),
      )
    : undefined;
  return db
    .select()
    .from(projectDocuments)
    .where(
      and(eq(projectDocuments.orgId, input.orgId), eq(projectDocuments.projectId, input.projectId), after),
    )
    .orderBy(desc(projectDocuments.createdAt), desc(projectDocuments.id))
    .limit(input.limit + 1);
}

/** One document of the organisation's fund, or null. */
export async function findDocument(
  db: DbOrTx,
  input: { orgId: string; projectId: string; documentId: string },
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(projectDocuments)
    .where(
      and(
        eq(projectDocuments.orgId, input.orgId),
        eq(projectDocuments.projectId, input.projectId),
        eq(projectDocuments.id, input.documentId),
      ),
    );
  return row ?? null;
}

export async function insertDocument(db: DbOrTx, values: typeof projectDocuments.$inferInsert) {
  const [row] = await db.insert(projectDocuments).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
}

export async function updateDocument(
  db: DbOrTx,
  documentId: string,
  changes: Partial<typeof projectDocuments.$inferInsert>,
) {
  const [row] = await db
    .update(projectDocuments)
    .set(changes)
    .where(eq(projectDocuments.id, documentId))
    .returning();
  if (!row) throw new Error('document update returned nothing');
  return row;
}

export async function deleteDocumentRow(db: DbOrTx, documentId: string) {
  await db.delete(projectDocuments).where(eq(projectDocuments.id, documentId));
}

export async function deletePassages(db: DbOrTx, documentId: string) {
  await db.delete(documentPassages).where(eq(documentPassages.documentId, documentId));
}

export async function insertPassages(
  db: DbOrTx,
  rows: {
    orgId: string;
    projectId: string;
    documentId: string;
    page: number | null;
    ordinal: number;
    text: string;
  }[],
) {
  // Chunks keep each statement well under the bind-parameter limit.
  const inserted: StoredPassage[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    inserted.push(
      ...(await db
        .insert(documentPassages)
        .values(rows.slice(i, i + 500))
        .returning(storedPassageColumns)),
    );
  }
  return inserted;
}

export type StoredPassage = { id: string; page: number | null; ordinal: number; text: string };

const storedPassageColumns = {
  id: documentPassages.id,
  page: documentPassages.page,
  ordinal: documentPassages.ordinal,
  text: documentPassages.text,
};

/** A document's passages in order: what a re-index compares its new text with. */
export async function listDocumentPassages(db: DbOrTx, documentId: string): Promise<StoredPassage[]> {
  return db
    .select(storedPassageColumns)
    .from(documentPassages)
    .where(eq(documentPassages.documentId, documentId))
    .orderBy(documentPassages.ordinal);
}

export async function deletePassagesByIds(db: DbOrTx, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += 500) {
    await db.delete(documentPassages).where(inArray(documentPassages.id, ids.slice(i, i + 500)));
  }
}

/** Moves kept passages to their new place (page, ordinal) in one statement per 500. */
export async function movePassages(
  db: DbOrTx,
  rows: readonly { id: string; page: number | null; ordinal: number }[],
) {
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${r.id}::uuid, ${r.page}::int, ${r.ordinal}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update ${documentPassages} set page = v.page, ordinal = v.ordinal
      from (values ${values}) as v(id, page, ordinal)
      where ${documentPassages.id} = v.id`);
  }
}
