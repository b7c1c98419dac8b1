import { AUTH_LINK_PATHS } from '@parley/contracts';

/**
 * Every route of the web app, in one place (STYLE.md: no route string is typed twice).
 * Static routes are strings; dynamic ones have the router's `pattern` and a `build` for links.
 */
/** The Audit Logs page's query parameter naming the entry whose sheet is open. */
export const AUDIT_ENTRY_PARAM = 'entry';

export const paths = {
  home: '/',
  auth: '/auth',
  /**
   * The pages the e-mailed magic and reset links open (docs/product.md §2 Sign-in links); the server builds
   * those links.
   */
  magicLink: AUTH_LINK_PATHS.magicLink,
  forgotPassword: AUTH_LINK_PATHS.forgotPassword,
  resetPassword: AUTH_LINK_PATHS.resetPassword,
  /**
   * The one-time first-start link the server prints while there are no users
   * (docs/decisions/005-first-admin-before-invitations.md).
   */
  setup: '/setup',
  inbox: '/inbox',
  thread: {
    pattern: '/inbox/:threadId',
    build: (threadId: string) => `/inbox/${encodeURIComponent(threadId)}`,
  },
  compose: '/compose',
  approvals: '/approvals',
  projects: '/projects',
  project: {
    pattern: '/projects/:id',
    /** With a document: its row on the fund's page (documentAnchorId), as a citation links to it. */
    build: (projectId: string, documentId?: string) =>
      `/projects/${encodeURIComponent(projectId)}${documentId ? `#${documentAnchorId(documentId)}` : ''}`,
  },
  /** A fund's Disclosures ledger (docs/decisions/053-non-public-documents.md). */
  projectDisclosures: {
    pattern: '/projects/:id/disclosures',
    build: (projectId: string) => `/projects/${encodeURIComponent(projectId)}/disclosures`,
  },
  analytics: '/analytics',
  compliance: '/compliance',
  audit: '/audit',
  /** Audit Logs with one entry's sheet open (its `entry` query parameter), as a 'Changed by' line links to it. */
  auditEntry: {
    pattern: '/audit',
    build: (entryId: string) => `/audit?${AUDIT_ENTRY_PARAM}=${encodeURIComponent(entryId)}`,
  },
  reports: '/reports',
  admin: '/admin',
  adminInvite: '/admin/invite',
  adminSecurity: '/admin/security',
  adminEmailHealth: '/admin/system/email-health',
  /** The Admin panel's Data Retention tile (docs/decisions/030-data-retention.md). */
  adminRetention: '/admin/retention',
  settings: '/settings',
  help: '/help',
  unsubscribe: '/email/unsubscribe',
  notFound: '*',
} as const;

/** docs/product.md §9: the invitation link is {origin}/auth?token={token}. */
export function buildAuthPath(token?: string): string {
  return token ? `${paths.auth}?${new URLSearchParams({ token })}` : paths.auth;
}

/** The element id of a document's row on its fund's page, which a citation's link targets. */
export function documentAnchorId(documentId: string): string {
  return `document-${documentId}`;
}

/**
 * One answer of the Compliance center's answer library (docs/decisions/028-answer-library.md): the page
 * opens it from `?library=<id>`; the server's reminder e-mails build the same link.
 */
export const libraryAnswerLink = {
  param: 'library',
  anchor: 'answer-library',
  build: (id: string) => `${paths.compliance}?${new URLSearchParams({ library: id })}#answer-library`,
  /** 'Save to library' on a sent reply: the page opens a new answer prefilled from `?library_from=<message id>`. */
  fromMessageParam: 'library_from',
  buildFromMessage: (messageId: string) =>
    `${paths.compliance}?${new URLSearchParams({ library_from: messageId })}#answer-library`,
} as const;
