import { LOG_MESSAGE_TEXTS } from '@parley/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { SignInPage } from '@/features/auth/sign-in-page';
import type { RouteHandle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import { RequireCapability } from './guards/require-capability';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * A page (or layout) whose code loads when the route is first visited, so the sign-in page downloads none of
 * the workspace (docs/architecture.md, "Code splitting").
 */
function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
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
const signedInRoutes: RouteObject[] = [
  {
    path: paths.inbox,
    handle: titled('Investor Inbox'),
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

export const routes: RouteObject[] = [
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
            children: [{ errorElement: <RouteErrorPage isInLayout />, children: signedInRoutes }],
          },
        ],
      },
      { path: paths.notFound, handle: titled('Page not found'), element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
