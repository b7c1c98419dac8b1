import { LOG_MESSAGE_TEXTS } from '@parley/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { SignInPage } from '@/features/auth/sign-in-page';
import { checkServedBuild } from '@/lib/app-version';
import type { RouteHandle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { RequireCapability } from './guards/require-capability';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * A page (or layout) whose code loads when the route is first visited, so the sign-in page downloads none of
 * the workspace (docs/architecture.md, "Code splitting"). When the code cannot load, the server is asked
 * which build it serves before the error page shows: after a deploy, that page offers the new version
 * (docs/decisions/047-build-id-and-new-version-offer.md).
 */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => {
    try {
      return { Component: pick(await load()) };
    } catch (error) {
      await checkServedBuild();
      throw error;
    }
  };
}

/**
 * Starts the inbox's first page of messages as the inbox's code starts loading, not after it has run; the
 * page finds it under the same query key. Not awaited: the page shows its skeleton meanwhile. The query's
 * module comes in its own small chunk, which the inbox imports too.
 */
function prefetchInbox(queryClient: QueryClient) {
  return () => {
    void import('@/api/messages/list-messages').then((module) => module.prefetchInboxFirstPage(queryClient));
    return null;
  };
}

function titled(title: string): RouteHandle {
  return { title };
}

/**
 * docs/product.md §2: every route behind the sign-in guard, inside the app layout. A page that a role's menu
 * leaves out also sits behind the capability of its menu group, so typing its address shows 'Access
 * Denied' instead of a page of refused calls. Every gated page has a
 * client guard: docs/decisions/006-client-guards-on-every-gated-page.md.
 * The server enforces the same capabilities on every call.
 */
const signedInRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: paths.inbox,
    handle: titled('Investor Inbox'),
    loader: prefetchInbox(queryClient),
    lazy: lazyPage(
      () => import('@/features/inbox/inbox-page'),
      (m) => m.InboxPage,
    ),
  },
  {
    path: paths.thread.pattern,
    handle: titled('Message'),
    lazy: lazyPage(
      () => import('@/features/inbox/thread-page'),
      (m) => m.ThreadPage,
    ),
  },
  {
    path: paths.compose,
    handle: titled(LOG_MESSAGE_TEXTS.title),
    lazy: lazyPage(
      () => import('@/features/compose/compose-page'),
      (m) => m.ComposePage,
    ),
  },
  {
    // docs/product.md §2: Approvals is in the menu of admin and ir_director.
    element: <RequireCapability capability="approvals.review" />,
    children: [
      {
        path: paths.approvals,
        handle: titled('Approvals'),
        lazy: lazyPage(
          () => import('@/features/approvals/approvals-page'),
          (m) => m.ApprovalsPage,
        ),
      },
    ],
  },
  {
    path: paths.projects,
    handle: titled('Projects'),
    lazy: lazyPage(
      () => import('@/features/projects/projects-page'),
      (m) => m.ProjectsPage,
    ),
  },
  {
    // A fund's own page (docs/product.md §2 Project).
    path: paths.project.pattern,
    handle: titled('Project'),
    lazy: lazyPage(
      () => import('@/features/projects/project-page'),
      (m) => m.ProjectPage,
    ),
  },
  {
    // A fund's Disclosures ledger (docs/decisions/053-non-public-documents.md): whoever reads the fund.
    path: paths.projectDisclosures.pattern,
    handle: titled('Disclosures'),
    lazy: lazyPage(
      () => import('@/features/projects/disclosures-page'),
      (m) => m.DisclosuresPage,
    ),
  },
  {
    // docs/product.md §2: the Reporting group, for admin and ir_director.
    element: <RequireCapability capability="reporting.read" />,
    children: [
      {
        path: paths.analytics,
        handle: titled('Analytics'),
        lazy: lazyPage(
          () => import('@/features/analytics/analytics-page'),
          (m) => m.AnalyticsPage,
        ),
      },
      {
        path: paths.compliance,
        handle: titled('Compliance'),
        lazy: lazyPage(
          () => import('@/features/compliance/compliance-page'),
          (m) => m.CompliancePage,
        ),
      },
      {
        path: paths.audit,
        handle: titled('Audit Logs'),
        lazy: lazyPage(
          () => import('@/features/audit/audit-page'),
          (m) => m.AuditPage,
        ),
      },
      {
        path: paths.reports,
        handle: titled('Reports'),
        lazy: lazyPage(
          () => import('@/features/reports/reports-page'),
          (m) => m.ReportsPage,
        ),
      },
    ],
  },
  {
    // docs/product.md §2: the Administration group, for admin; docs/product.md §6 names email health.
    element: <RequireCapability capability="admin.manage" />,
    children: [
      {
        path: paths.admin,
        handle: titled('Admin'),
        lazy: lazyPage(
          () => import('@/features/system/admin-page'),
          (m) => m.AdminPage,
        ),
      },
      {
        path: paths.adminInvite,
        handle: titled('Invite Users'),
        lazy: lazyPage(
          () => import('@/features/invitations/invite-users-page'),
          (m) => m.InviteUsersPage,
        ),
      },
      {
        path: paths.adminSecurity,
        handle: titled('Security Settings'),
        lazy: lazyPage(
          () => import('@/features/system/security-settings-page'),
          (m) => m.SecuritySettingsPage,
        ),
      },
      {
        path: paths.adminRetention,
        handle: titled('Data Retention'),
        lazy: lazyPage(
          () => import('@/features/system/data-retention-page'),
          (m) => m.DataRetentionPage,
        ),
      },
      {
        path: paths.adminEmailHealth,
        handle: titled('Email Health'),
        lazy: lazyPage(
          () => import('@/features/email/email-health-page'),
          (m) => m.EmailHealthPage,
        ),
      },
    ],
  },
  {
    path: paths.settings,
    handle: titled('Settings'),
    lazy: lazyPage(
      () => import('@/features/settings/settings-page'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: paths.help,
    handle: titled('Help'),
    lazy: lazyPage(
      () => import('@/features/help/help-page'),
      (m) => m.HelpPage,
    ),
  },
];

const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: paths.home, handle: titled('Sign In'), element: <SignInPage /> },
      { path: paths.auth, handle: titled('Sign In'), element: <SignInPage /> },
      // docs/product.md §2 Sign-in links: the pages the e-mailed links open; opening one uses nothing up,
      // their buttons do.
      {
        path: paths.magicLink,
        handle: titled('Sign in with a link'),
        lazy: lazyPage(
          () => import('@/features/auth/magic-link-page'),
          (m) => m.MagicLinkPage,
        ),
      },
      {
        path: paths.forgotPassword,
        handle: titled('Forgot password'),
        lazy: lazyPage(
          () => import('@/features/auth/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: paths.resetPassword,
        handle: titled('Reset password'),
        lazy: lazyPage(
          () => import('@/features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: paths.setup,
        handle: titled('Set up Parley'),
        lazy: lazyPage(
          () => import('@/features/setup/setup-page'),
          (m) => m.SetupPage,
        ),
      },
      {
        path: paths.unsubscribe,
        handle: titled('Email Preferences'),
        lazy: lazyPage(
          () => import('@/features/email/unsubscribe-page'),
          (m) => m.UnsubscribePage,
        ),
      },
      {
        // The guard and the workspace frame load with the first signed-in page, in parallel with it.
        lazy: lazyPage(
          () => import('./guards/require-session'),
          (m) => m.RequireSession,
        ),
        children: [
          {
            lazy: lazyPage(
              () => import('./layout/app-layout'),
              (m) => m.AppLayout,
            ),
            // Errors inside a page keep the sidebar, so the user can go elsewhere.
            children: [
              { errorElement: <RouteErrorPage isInLayout />, children: signedInRoutes(queryClient) },
            ],
          },
        ],
      },
      { path: paths.notFound, handle: titled('Page not found'), element: <NotFoundPage /> },
    ],
  },
];

/** The app's router; its loaders start queries in `queryClient` while the pages' code loads. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
