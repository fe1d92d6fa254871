import { Navigate, matchRoutes, useLoaderData, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { createAuthInfoLoader, type AuthInfo } from '../features/auth/index.ts';
import { i18n } from '../locales/i18n.ts';
import type { Namespace } from '../locales/languages.ts';
import { AuthGuard } from './guards/auth-guard.tsx';
import { GuestGuard } from './guards/guest-guard.tsx';
import { RoleGuard } from './guards/role-guard.tsx';
import type { DashboardLayoutHandle } from './layouts/dashboard/layout-handle.ts';
import { RootErrorBoundary } from './root-error-boundary.tsx';
import { RootLayout } from './root-layout.tsx';

/*
 * Every page and layout is its own lazily loaded module, so the sign-in page loads the auth
 * layout and the sign-in form, and nothing of the dashboard. Every page but sign-in is drawn with
 * MUI and sits below `muiScope` (the theme and the snackbars); the sign-in page and the auth
 * layout are drawn without it (docs/decisions/018-sign-in-without-mui.md).
 */

/**
 * A lazy route whose translation namespaces load alongside its code, so that it draws once,
 * complete, instead of drawing a loading state and then pushing the page about (layout shift).
 */
function withWords<T>(load: () => Promise<T>, ...namespaces: Namespace[]) {
  return async () => (await Promise.all([load(), i18n.loadNamespaces(namespaces)]))[0];
}

const muiScope = () => import('./layouts/mui-scope.tsx');
const embeddedMuiScope = async () => {
  const { EmbeddedMuiScope } = await import('./layouts/mui-scope.tsx');
  return { Component: EmbeddedMuiScope };
};
const authLayout = withWords(() => import('./layouts/auth-layout.tsx'), 'auth');
const publicLayout = withWords(() => import('./routes/public-layout-route.tsx'), 'general');
const minimalLayout = withWords(
  () => import('../features/general/components/minimal-layout.tsx'),
  'general',
);
const dashboardLayout = withWords(
  () => import('./layouts/dashboard-layout.tsx'),
  'navbar',
  'settings',
);

const loginPage = (unprotected: boolean) => async () => {
  // The demo credentials are asked for alongside the page's code, and known when it first draws.
  const loader = createAuthInfoLoader();
  const { LoginPage } = await import('../features/auth/components/login-page.tsx');
  return {
    loader,
    Component: function LoginRoute() {
      return <LoginPage unprotected={unprotected} info={useLoaderData<AuthInfo>()} />;
    },
  };
};

const registerPage = (unprotected: boolean) => async () => {
  const { RegisterPage } = await import('../features/auth/components/register-page.tsx');
  return { Component: () => <RegisterPage unprotected={unprotected} /> };
};

/** A screen of the team (issue 10), with its words. */
const teamRoute =
  (
    name:
      'TeamProfileRoute' | 'TeamCardsRoute' | 'TeamListRoute' | 'TeamInviteRoute' | 'TeamEditRoute',
  ) =>
  async () => {
    const [routes] = await Promise.all([
      import('./routes/team-routes.tsx'),
      i18n.loadNamespaces(['team']),
    ]);
    return { Component: routes[name] };
  };

const errorPage = (page: 'ForbiddenPage' | 'NotFoundPage' | 'ServerErrorPage') => async () => ({
  Component: (await import('../features/general/components/error-page.tsx'))[page],
});

const otherAuthPages: RouteObject[] = [
  {
    path: 'verify',
    lazy: async () => {
      const { VerifyPage } = await import('../features/auth/components/verify-page.tsx');
      return { Component: VerifyPage };
    },
  },
  {
    path: 'reset-password',
    lazy: async () => {
      const { ResetPasswordPage } =
        await import('../features/auth/components/reset-password-page.tsx');
      return { Component: ResetPasswordPage };
    },
  },
  {
    path: 'new-password',
    lazy: async () => {
      const { NewPasswordPage } = await import('../features/auth/components/new-password-page.tsx');
      return { Component: NewPasswordPage };
    },
  },
];

const authPages = (unprotected: boolean): RouteObject[] => [
  { path: unprotected ? 'login-unprotected' : 'login', lazy: loginPage(unprotected) },
  {
    // The other auth pages are drawn with MUI, inside the auth layout's card.
    lazy: embeddedMuiScope,
    children: [
      {
        path: unprotected ? 'register-unprotected' : 'register',
        lazy: registerPage(unprotected),
      },
      ...(unprotected ? otherAuthPages : []),
    ],
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RootErrorBoundary />,
    hydrateFallbackElement: <LoadingScreen fullScreen />,
    children: [
      {
        path: 'auth',
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            element: <GuestGuard />,
            children: [{ lazy: authLayout, children: authPages(false) }],
          },
          { lazy: authLayout, children: authPages(true) },
          {
            // An invitation's link works signed in or not: accepting signs in as the new member.
            lazy: authLayout,
            children: [
              {
                lazy: embeddedMuiScope,
                children: [
                  {
                    path: 'accept-invitation',
                    lazy: withWords(() => import('./routes/accept-invitation-route.tsx'), 'team'),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        lazy: muiScope,
        children: [
          {
            lazy: publicLayout,
            children: [
              {
                index: true,
                lazy: withWords(() => import('./routes/landing-route.tsx'), 'landing'),
              },
              {
                path: 'pricing',
                lazy: () => import('../features/general/components/pricing-page.tsx'),
              },
              {
                path: 'payment',
                lazy: () => import('../features/general/components/payment-page.tsx'),
              },
              {
                path: 'about-us',
                lazy: () => import('../features/general/components/about-page.tsx'),
              },
              {
                path: 'contact-us',
                lazy: () => import('../features/general/components/contact-page.tsx'),
              },
              {
                path: 'faqs',
                lazy: withWords(
                  () => import('../features/general/components/faqs-page.tsx'),
                  'faqs',
                ),
              },
              {
                path: 'terms-of-service',
                lazy: withWords(
                  () => import('../features/general/components/terms-page.tsx'),
                  'legal',
                ),
              },
              {
                path: 'privacy-policy',
                lazy: withWords(
                  () => import('../features/general/components/privacy-page.tsx'),
                  'legal',
                ),
              },
              {
                path: 'components',
                lazy: () => import('../features/general/components/components-page.tsx'),
              },
            ],
          },
          {
            lazy: minimalLayout,
            children: [
              {
                path: 'coming-soon',
                lazy: () => import('../features/general/components/coming-soon-page.tsx'),
              },
              {
                path: 'maintenance',
                lazy: () => import('../features/general/components/maintenance-page.tsx'),
              },
            ],
          },
          {
            path: 'dashboard',
            element: <AuthGuard />,
            children: [
              {
                lazy: dashboardLayout,
                handle: { hasScreen } satisfies DashboardLayoutHandle,
                children: [
                  { index: true, element: <Navigate to="app" replace /> },
                  {
                    path: 'app',
                    lazy: withWords(
                      () => import('./routes/dashboard-app-route.tsx'),
                      'dashboard',
                      'home',
                      // The default stages' names (utils/default-names.ts).
                      'deals',
                    ),
                  },
                  {
                    path: 'calendar',
                    lazy: withWords(() => import('./routes/calendar-route.tsx'), 'calendar'),
                  },
                  {
                    path: 'kanban',
                    lazy: withWords(() => import('./routes/kanban-route.tsx'), 'kanban'),
                  },
                  {
                    path: 'chat',
                    lazy: withWords(() => import('./routes/chat-route.tsx'), 'chat'),
                  },
                  {
                    path: 'files-manager',
                    lazy: withWords(() => import('./routes/files-routes.tsx'), 'files'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'file',
                    lazy: withWords(async () => {
                      const { StorageDashboardRoute } = await import('./routes/files-routes.tsx');
                      return { Component: StorageDashboardRoute };
                    }, 'files'),
                  },
                  {
                    path: 'chat/:id',
                    lazy: withWords(() => import('./routes/chat-route.tsx'), 'chat'),
                  },
                  {
                    path: 'user/account',
                    lazy: withWords(() => import('./routes/account-route.tsx'), 'account'),
                  },
                  {
                    path: 'user/account/confirm-email',
                    lazy: withWords(() => import('./routes/confirm-email-route.tsx'), 'account'),
                  },
                  {
                    path: 'tasks',
                    lazy: withWords(() => import('./routes/tasks-route.tsx'), 'tasks', 'crm'),
                  },
                  {
                    path: 'conversations',
                    lazy: withWords(
                      () => import('./routes/conversations-route.tsx'),
                      'emails',
                      'tasks',
                    ),
                  },
                  {
                    path: 'mail',
                    lazy: withWords(() => import('./routes/mail-route.tsx'), 'mail'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'mail/all',
                    lazy: withWords(async () => {
                      const { AllMailRoute } = await import('./routes/mail-route.tsx');
                      return { Component: AllMailRoute };
                    }, 'mail'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'emails',
                    lazy: withWords(() => import('./routes/emails-route.tsx'), 'emails', 'crm'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'people/duplicates',
                    lazy: withWords(
                      () => import('./routes/duplicates-route.tsx'),
                      'crm',
                      'records',
                    ),
                  },
                  {
                    path: 'people/:id',
                    lazy: withWords(
                      () => import('./routes/person-route.tsx'),
                      'records',
                      'deals',
                      'tasks',
                    ),
                  },
                  {
                    path: 'companies/:id',
                    lazy: withWords(
                      () => import('./routes/company-route.tsx'),
                      'records',
                      'deals',
                      'tasks',
                    ),
                  },
                  {
                    path: 'lists',
                    lazy: withWords(() => import('./routes/lists-route.tsx'), 'records'),
                  },
                  {
                    path: 'lists/:id',
                    lazy: withWords(() => import('./routes/list-route.tsx'), 'records'),
                  },
                  {
                    path: 'people',
                    lazy: withWords(() => import('./routes/people-route.tsx'), 'crm', 'records'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'companies',
                    lazy: withWords(() => import('./routes/companies-route.tsx'), 'crm', 'records'),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'deals',
                    lazy: withWords(
                      () => import('./routes/deals-route.tsx'),
                      'deals',
                      'crm',
                      'records',
                    ),
                    handle: { pageLayout: { fullWidth: true } },
                  },
                  {
                    path: 'deals/:id',
                    lazy: withWords(
                      () => import('./routes/deal-route.tsx'),
                      'deals',
                      'records',
                      'tasks',
                    ),
                  },
                  {
                    path: 'user',
                    children: [
                      { index: true, lazy: teamRoute('TeamProfileRoute') },
                      { path: 'profile', lazy: teamRoute('TeamProfileRoute') },
                      { path: 'cards', lazy: teamRoute('TeamCardsRoute') },
                      { path: 'list', lazy: teamRoute('TeamListRoute') },
                      {
                        element: <RoleGuard roles={['admin']} />,
                        children: [
                          { path: 'new', lazy: teamRoute('TeamInviteRoute') },
                          { path: ':id/edit', lazy: teamRoute('TeamEditRoute') },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'admin-panel',
                    element: <RoleGuard roles={['admin']} />,
                    children: [
                      { index: true, lazy: () => import('./routes/admin-panel-route.tsx') },
                    ],
                  },
                  {
                    path: 'contributor-panel',
                    element: <RoleGuard roles={['admin', 'contributor']} />,
                    children: [
                      {
                        index: true,
                        lazy: () => import('./routes/contributor-panel-route.tsx'),
                      },
                    ],
                  },
                  {
                    path: 'permission-denied',
                    lazy: () => import('./routes/permission-denied-route.tsx'),
                  },
                ],
              },
            ],
          },
          {
            // A public link of the files manager: the token in the address is the credential.
            path: 'files/shared/:token',
            lazy: withWords(async () => {
              const { PublicFileRoute } = await import('./routes/files-routes.tsx');
              return { Component: PublicFileRoute };
            }, 'files'),
          },
          { path: '403', lazy: errorPage('ForbiddenPage') },
          { path: '404', lazy: errorPage('NotFoundPage') },
          { path: '500', lazy: errorPage('ServerErrorPage') },
          { path: '*', lazy: errorPage('NotFoundPage') },
        ],
      },
    ],
  },
];

/**
 * Whether the route table has a screen at `path`, rather than the catch-all 404. The dashboard's
 * menu shows only these, so an area appears in it as soon as its route is added above.
 */
export function hasScreen(path: string): boolean {
  const last = matchRoutes(routes, path)?.at(-1);
  return Boolean(last && last.route.path !== '*');
}
