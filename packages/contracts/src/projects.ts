import { z } from 'zod';

/** docs/product.md §3 project.status: a fund is active or closed. */
export const PROJECT_STATUSES = ['active', 'closed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES, { error: 'Use active or closed' });
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** Ours (docs/product.md does not fix them): bounds of a fund's name, type and description. */
export const PROJECT_NAME_MAX_LENGTH = 120;
export const PROJECT_FUND_TYPE_MAX_LENGTH = 80;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
/** STYLE.md: lists paginate on the server with limit ≤ 100. */
export const PROJECTS_PAGE_LIMIT_MAX = 100;
export const PROJECTS_PAGE_LIMIT_DEFAULT = 50;
export const DOCUMENTS_PAGE_LIMIT_MAX = 100;
export const DOCUMENTS_PAGE_LIMIT_DEFAULT = 50;

/** Decision 013: the largest fund document an upload may carry. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Decision 013: the file types a fund document may have (checked by extension and content). */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.docx', '.md', '.txt'] as const;
/** The upload control's `accept` attribute. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.join(',');

const noNul = (value: string) => !value.includes('\u0000');

const nameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, { error: 'Enter a name' })
  .max(PROJECT_NAME_MAX_LENGTH, { error: `Use at most ${PROJECT_NAME_MAX_LENGTH} characters` })
  .refine(noNul, { error: 'Remove the control characters' });
const fundTypeSchema = z
  .string({ error: 'Enter a fund type' })
  .trim()
  .min(1, { error: 'Enter a fund type' })
  .max(PROJECT_FUND_TYPE_MAX_LENGTH, { error: `Use at most ${PROJECT_FUND_TYPE_MAX_LENGTH} characters` })
  .refine(noNul, { error: 'Remove the control characters' });
const descriptionSchema = z
  .string({ error: 'Enter text' })
  .trim()
  .max(PROJECT_DESCRIPTION_MAX_LENGTH, {
    error: `Use at most ${PROJECT_DESCRIPTION_MAX_LENGTH} characters`,
  })
  .refine(noNul, { error: 'Remove the control characters' });

/** POST /api/projects. */
export const createProjectInputSchema = z.object({
  name: nameSchema,
  fund_type: fundTypeSchema,
  status: projectStatusSchema.optional(),
  description: descriptionSchema.optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

/** PATCH /api/projects/:id: any of the fields; at least one. */
export const updateProjectInputSchema = z
  .object({
    name: nameSchema.optional(),
    fund_type: fundTypeSchema.optional(),
    status: projectStatusSchema.optional(),
    description: descriptionSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Change at least one field',
    path: ['body'],
  });
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Use a whole number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: `Use a number from 1 to ${max}` })
    .max(max, { error: `Use a number from 1 to ${max}` })
    .default(fallback);

/** GET /api/projects: filter by status and a name fragment, one page at a time (by name). */
export const listProjectsQuerySchema = z.object({
  status: projectStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(PROJECT_NAME_MAX_LENGTH, { error: `Use at most ${PROJECT_NAME_MAX_LENGTH} characters` })
    .refine(noNul, { error: 'Remove the control characters' })
    .optional(),
  limit: pageLimit(PROJECTS_PAGE_LIMIT_MAX, PROJECTS_PAGE_LIMIT_DEFAULT),
  /** The `next_cursor` of the previous page, as the server gave it. */
  cursor: z.string().max(1000, { error: 'Invalid cursor' }).optional(),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

/** A fund as its card shows it: the counts and last-indexed time are computed by the server. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  fund_type: z.string(),
  status: projectStatusSchema,
  description: z.string(),
  doc_count: z.number().int().nonnegative(),
  message_count: z.number().int().nonnegative(),
  /** The newest indexed_at of the fund's documents; null when none is indexed. */
  last_indexed: z.string().nullable(),
  created_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const listProjectsResponseSchema = z.object({
  items: z.array(projectSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ListProjectsResponse = z.infer<typeof listProjectsResponseSchema>;

export const projectIdParamSchema = z.object({
  id: z.uuid({ error: 'Not a valid project id' }),
});
export const documentIdParamSchema = z.object({
  id: z.uuid({ error: 'Not a valid project id' }),
  docId: z.uuid({ error: 'Not a valid document id' }),
});

export const DOCUMENT_STATUSES = ['uploaded', 'indexing', 'indexed', 'failed'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** One fund document as the documents table shows it. */
export const projectDocumentSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  status: documentStatusSchema,
  /** Why indexing failed, in words for people; null unless status is failed. */
  error: z.string().nullable(),
  page_count: z.number().int().nullable(),
  passage_count: z.number().int().nonnegative(),
  created_at: z.string(),
  indexed_at: z.string().nullable(),
  /** Marked non-public (docs/decisions/053-non-public-documents.md), with the time it becomes public. */
  non_public: z.boolean(),
  public_from: z.string().nullable(),
});
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * A disclosure mark's input, for a document or a passage (`what` names it in the errors): non-public,
 * until `public_from` when given; or public.
 */
export function disclosureInputSchema(what: 'document' | 'passage') {
  return z
    .object({
      non_public: z.boolean({ error: `Say whether the ${what} is non-public` }),
      public_from: z.iso
        .datetime({ offset: true, error: 'Use a date and time, e.g. 2027-01-15T08:00:00Z' })
        .nullable()
        .optional(),
    })
    .refine((input) => input.non_public || !input.public_from, {
      path: ['public_from'],
      error: `Only a non-public ${what} becomes public at a date`,
    });
}

/** PUT …/documents/{docId}/disclosure. */
export const documentDisclosureInputSchema = disclosureInputSchema('document');
export type DocumentDisclosureInput = z.input<typeof documentDisclosureInputSchema>;

export const listDocumentsQuerySchema = z.object({
  limit: pageLimit(DOCUMENTS_PAGE_LIMIT_MAX, DOCUMENTS_PAGE_LIMIT_DEFAULT),
  cursor: z.string().max(1000, { error: 'Invalid cursor' }).optional(),
});
export type ListDocumentsQuery = z.infer<typeof listDocumentsQuerySchema>;

export const listDocumentsResponseSchema = z.object({
  items: z.array(projectDocumentSchema),
  next_cursor: z.string().nullable(),
});
export type ListDocumentsResponse = z.infer<typeof listDocumentsResponseSchema>;

export const deleteDocumentResponseSchema = z.object({ success: z.literal(true) });
