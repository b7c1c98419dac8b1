/**
 * Approved reply templates (docs/product.md §2 Compliance center): kept, edited, archived, inserted into
 * drafts.
 */
import type {
  createTemplateInputSchema,
  ListTemplatesResponse,
  listTemplatesQuerySchema,
  ResponseTemplate,
  updateTemplateInputSchema,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { encodeCursor, invalidCursor, isUuid, parseCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import {
  findTemplate,
  findTemplateIds,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  updateTemplate,
} from './compliance.queries';
import { auditComplianceChange, type ComplianceEditor } from './compliance.service';

type TemplatesContext = Pick<ServiceContext, 'db' | 'clock'>;

function templateDto(row: TemplateRow): ResponseTemplate {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    updated_by_name: row.updatedByName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list is ordered by (title, id): a cursor is the last row's pair. */
function parseTemplateCursor(value: string): { title: string; id: string } {
  const [title = '', id = ''] = parseCursor(value, 2);
  if (!isUuid(id)) throw invalidCursor();
  return { title, id };
}

export async function getTemplates(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  data: z.output<typeof listTemplatesQuerySchema>,
): Promise<ListTemplatesResponse> {
  const { rows, total } = await listTemplates(ctx.db, {
    orgId: actor.orgId,
    ...(data.q ? { q: data.q } : {}),
    limit: data.limit,
    ...(data.cursor ? { after: parseTemplateCursor(data.cursor) } : {}),
  });
  const page = rows.slice(0, data.limit);
  const last = page.at(-1);
  return {
    items: page.map(templateDto),
    next_cursor: rows.length > data.limit && last ? encodeCursor([last.title, last.id]) : null,
    total,
  };
}

async function requireTemplate(db: DbOrTx, orgId: string, id: string): Promise<ResponseTemplate> {
  const row = await findTemplate(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return templateDto(row);
}

export async function createTemplate(
  ctx: TemplatesContext,
  actor: ComplianceEditor,
  data: z.output<typeof createTemplateInputSchema>,
): Promise<ResponseTemplate> {
  const id = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const templateId = await insertTemplate(tx, {
      orgId: actor.orgId,
      title: data.title,
      body: data.body,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'template_created',
      entityType: 'response_template',
      entityId: templateId,
      details: { title: data.title },
    });
    return templateId;
  });
  return requireTemplate(ctx.db, actor.orgId, id);
}

export async function editTemplate(
  ctx: TemplatesContext,
  actor: ComplianceEditor,
  input: { id: string } & z.output<typeof updateTemplateInputSchema>,
): Promise<ResponseTemplate> {
  const { id, ...data } = input;
  await ctx.db.transaction(async (tx) => {
    const before = await findTemplate(tx, actor.orgId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const values = {
      ...(data.title !== undefined ? { title: data.title } : {}),
      ...(data.body !== undefined ? { body: data.body } : {}),
      updatedBy: actor.userId,
      updatedAt: ctx.clock.now(),
    };
    if (!(await updateTemplate(tx, { orgId: actor.orgId, id, values }))) throw new AppError('NOT_FOUND');
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'template_updated',
      entityType: 'response_template',
      entityId: id,
      details: {
        title: data.title ?? before.title,
        ...(data.title !== undefined && data.title !== before.title ? { previous_title: before.title } : {}),
        body_changed: data.body !== undefined && data.body !== before.body,
      },
    });
  });
  return requireTemplate(ctx.db, actor.orgId, id);
}

export async function archiveTemplate(
  ctx: TemplatesContext,
  actor: ComplianceEditor,
  input: { id: string },
): Promise<void> {
  const { id } = input;
  await ctx.db.transaction(async (tx) => {
    const before = await findTemplate(tx, actor.orgId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const now = ctx.clock.now();
    await updateTemplate(tx, {
      orgId: actor.orgId,
      id,
      values: { archivedAt: now, updatedBy: actor.userId, updatedAt: now },
    });
    await auditComplianceChange(tx, ctx, actor, {
      actionType: 'template_archived',
      entityType: 'response_template',
      entityId: id,
      details: { title: before.title },
    });
  });
}

/**
 * The templates an edit says it inserted, checked against the organisation's: an id that is not one is
 * refused (400 naming `templates`), so Analytics counts only real template use.
 */
export async function assertTemplateIds(db: DbOrTx, orgId: string, ids: readonly string[]): Promise<void> {
  const found = new Set(await findTemplateIds(db, orgId, ids));
  if (ids.some((id) => !found.has(id))) {
    throw new AppError('VALIDATION_FAILED', { fields: { templates: 'Not a template of this organisation' } });
  }
}
