import { z } from 'zod';
import { auditChainStatusSchema } from './audit';
import { ROLES, roleSchema } from './roles';

/** docs/product.md §9: the last weekly report is overdue after more than 7 days. */
export const WEEKLY_REPORT_OVERDUE_DAYS = 7;

/** docs/product.md §9: lists are paginated on the server, at most 100 rows a page. */
export const USERS_PAGE_LIMIT_MAX = 100;
/** The user list's page when the client names none: a screenful of members. */
export const USERS_PAGE_LIMIT_DEFAULT = 25;
/** A search is a name or e-mail fragment; longer input is a mistake, not a query. */
export const USER_SEARCH_MAX_LENGTH = 200;

/** users.status: a deactivated member cannot sign in and has no live session. */
export const USER_STATUSES = ['active', 'deactivated'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/**
 * GET /api/admin/system-health: docs/product.md §2's System Health card. Each field is computed live for the
 * caller's organisation; see docs/decisions/009-allowed-origin-check.md for the origin comparison.
 */
export const systemHealthResponseSchema = z.object({
  allowed_origin: z.object({
    /** APP_ORIGIN: the origin links in e-mails use and cookies are issued for. */
    configured: z.string(),
    /** The origin the browser sent this request from (Origin, else the scheme and Host it reached). */
    request_origin: z.string().nullable(),
    matches: z.boolean(),
  }),
  /** The server sends Strict-Transport-Security exactly when APP_ORIGIN is https. */
  hsts_active: z.boolean(),
  /** docs/product.md §7: invitations not accepted, not deleted, still pending and not past expiry. */
  pending_invitations: z.number().int().nonnegative(),
  last_weekly_report: z.object({
    at: z.string().nullable(),
    /** docs/product.md §9: more than WEEKLY_REPORT_OVERDUE_DAYS old, or never sent. */
    is_overdue: z.boolean(),
  }),
  /** docs/product.md §3 system_config 'sso_required' of the organisation ('true' / 'false'). */
  sso_required: z.boolean(),
  guardrail_notes: z.array(z.string()),
  /** The audit chain's last recorded verification and last signed checkpoint (no re-walk). */
  audit_chain: auditChainStatusSchema,
});
export type SystemHealthResponse = z.infer<typeof systemHealthResponseSchema>;

/** GET /api/users: search by a name or e-mail fragment (case-insensitive), one page at a time. */
export const listUsersQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(USER_SEARCH_MAX_LENGTH, { error: `Use at most ${USER_SEARCH_MAX_LENGTH} characters` })
    // PostgreSQL text cannot hold NUL: refused here instead of failing in the database.
    .refine((value) => !value.includes('\u0000'), { error: 'Remove the control characters' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Use a whole number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: `Use a number from 1 to ${USERS_PAGE_LIMIT_MAX}` })
    .max(USERS_PAGE_LIMIT_MAX, { error: `Use a number from 1 to ${USERS_PAGE_LIMIT_MAX}` })
    .default(USERS_PAGE_LIMIT_DEFAULT),
  /** The `next_cursor` of the previous page, as the server gave it. */
  cursor: z.string().max(1000, { error: 'Invalid cursor' }).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

/** One member of the organisation, as the admin's user list shows it (docs/product.md §2 Admin panel). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  created_at: z.string(),
  /** When the member's latest session was opened; null when they never signed in. */
  last_sign_in_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const listUsersResponseSchema = z.object({
  items: z.array(adminUserSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many members match the search in all pages. */
  total: z.number().int().nonnegative(),
});
export type ListUsersResponse = z.infer<typeof listUsersResponseSchema>;

export const userIdParamSchema = z.object({
  id: z.uuid({ error: 'Not a valid user id' }),
});

/** PATCH /api/users/:id/role. */
export const changeUserRoleInputSchema = z.object({
  role: z.enum(ROLES, { error: `Choose one of ${ROLES.join(', ')}` }),
});
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleInputSchema>;

/** GET /api/admin/integrations: what Parley is connected to (the Admin panel's Integrations tile). */
export const INTEGRATION_STATUSES = ['connected', 'not_configured', 'attention'] as const;
export const integrationSchema = z.object({
  name: z.string(),
  status: z.enum(INTEGRATION_STATUSES),
  /** One line for people: what is configured, or what happens without it. */
  summary: z.string(),
  details: z.record(z.string(), z.string().nullable()),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationsResponseSchema = z.object({ items: z.array(integrationSchema) });
export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;
