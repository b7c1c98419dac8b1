/** Approved reply templates (SPEC §2 Compliance center): kept, edited, archived, inserted into drafts. */
import {
  type CreateTemplateInput,
  createTemplateInputSchema,
  type ListTemplatesQuery,
  type ListTemplatesResponse,
  listTemplatesQuerySchema,
  type ResponseTemplate,
  type UpdateTemplateInput,
  updateTemplateInputSchema,
} from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  findTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  updateTemplate,
} from './compliance.queries';
import { auditComplianceChange, type ComplianceActor, type ComplianceDeps } from './compliance.service';

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

type TemplateCursor = { title: string; id: string };

function encodeCursor(cursor: TemplateCursor): string {
  return Buffer.from(JSON.stringify([cursor.title, cursor.id]), 'utf8').toString('base64url');
}

function decodeCursor(raw: string): TemplateCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      /^[0-9a-f-]{36}$/i.test(value[1])
    ) {
      return { title: value[0], id: value[1] };
    }
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Not a cursor from this list' } });
}

export async function getTemplates(
  deps: Pick<ComplianceDeps, 'db'>,
  orgId: string,
  query: ListTemplatesQuery,
): Promise<ListTemplatesResponse> {
  const data = listTemplatesQuerySchema.parse(query);
  const { rows, total } = await listTemplates(deps.db, {
    orgId,
    ...(data.q ? { q: data.q } : {}),
    limit: data.limit,
    ...(data.cursor ? { after: decodeCursor(data.cursor) } : {}),
  });
  const page = rows.slice(0, data.limit);
  const last = page.at(-1);
  return {
    items: page.map(templateDto),
    next_cursor: rows.length > data.limit && last ? encodeCursor({ title: last.title, id: last.id }) : null,
    total,
  };
}

async function requireTemplate(db: DbOrTx, orgId: string, id: string): Promise<ResponseTemplate> {
  const row = await findTemplate(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return templateDto(row);
}

export async function createTemplate(
  deps: ComplianceDeps,
  actor: ComplianceActor,
  input: CreateTemplateInput,
): Promise<ResponseTemplate> {
  const data = createTemplateInputSchema.parse(input);
  const id = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const templateId = await insertTemplate(tx, {
      orgId: actor.orgId,
      title: data.title,
      body: data.body,
      createdBy: actor.userId,
      updatedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await auditComplianceChange(tx, deps, actor, {
      actionType: 'template_created',
      entityType: 'response_template',
      entityId: templateId,
      details: { title: data.title },
    });
    return templateId;
  });
  return requireTemplate(deps.db, actor.orgId, id);
}

export async function editTemplate(
  deps: ComplianceDeps,
  actor: ComplianceActor,
  id: string,
  input: UpdateTemplateInput,
): Promise<ResponseTemplate> {
  const data = updateTemplateInputSchema.parse(input);
  await deps.db.transaction(async (tx) => {
    const before = await findTemplate(tx, actor.orgId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const values = {
      ...(data.title !== undefined ? { title: data.title } : {}),
      ...(data.body !== undefined ? { body: data.body } : {}),
      updatedBy: actor.userId,
      updatedAt: deps.clock.now(),
    };
    if (!(await updateTemplate(tx, { orgId: actor.orgId, id, values }))) throw new AppError('NOT_FOUND');
    await auditComplianceChange(tx, deps, actor, {
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
  return requireTemplate(deps.db, actor.orgId, id);
}

export async function archiveTemplate(
  deps: ComplianceDeps,
  actor: ComplianceActor,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await findTemplate(tx, actor.orgId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const now = deps.clock.now();
    await updateTemplate(tx, {
      orgId: actor.orgId,
      id,
      values: { archivedAt: now, updatedBy: actor.userId, updatedAt: now },
    });
    await auditComplianceChange(tx, deps, actor, {
      actionType: 'template_archived',
      entityType: 'response_template',
      entityId: id,
      details: { title: before.title },
    });
  });
}
