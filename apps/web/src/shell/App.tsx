import { Suspense, useEffect, type ReactNode } from 'react';
import { App as AntApp, Spin } from 'antd';
import { Navigate, Outlet, createBrowserRouter, useLocation, useNavigate, type RouteObject } from 'react-router';
import { pages, type PageDef } from '@fp/contract';
import { call, onApiError } from '../api/client';
import { canAccess, useSession } from '../auth/session';
import { BlankLayout, DefaultLayout, LoginLayout } from '../layouts/DefaultLayout';
import { screens } from '../pages/registry';
import LoginPage from '../pages/login';
import MaintenancePage from '../pages/maintenance';
import { bindToasts } from '../components/toast';
import { ComingSoonPage, ForbiddenPage, NotFoundPage } from './StatusPages';
import { useBuildWatch } from './build-watch';

const Loading = ({ what }: { what: string }) => (
  <div style={{ padding: 48, textAlign: 'center' }} data-testid={`loading-${what}`}>
    <Spin size="large" />
  </div>
);

/** Binds toasts, watches for new builds and sends non-admins to /maintenance while it is on. */
function Shell() {
  const { notification } = AntApp.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { me } = useSession();
  useEffect(() => bindToasts(notification), [notification]);
  useBuildWatch();
  useEffect(() => {
    if (!me || me.is_admin || location.pathname === '/maintenance') return;
    let live = true;
    void call('config.maintenanceMode')
      .then((on) => {
        if (live && on) navigate('/maintenance', { replace: true });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [me, location.pathname, navigate]);
  useEffect(
    () =>
      onApiError((e) => {
        if (e.status === 503 && e.code === 'maintenance') navigate('/maintenance', { replace: true });
      }),
    [navigate],
  );
  return <Outlet />;
}

function RequireAuth({ children }: { children: ReactNode }) {
  const { me, loading } = useSession();
  const location = useLocation();
  if (loading) return <Loading what="session" />;
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

/** Pages everyone logged in may open. */
const OPEN_PAGES = new Set(['/', '/myprofile']);

function PageGuard({ page }: { page: PageDef }) {
  const { me } = useSession();
  // A detail screen opens for whoever may open its list (the server checks the list's page for its calls too).
  const parent = page.url.replace(/\/detail(\/\{slug\})?$/, '').replace(/\/\{id\}$/, '');
  const allowed =
    OPEN_PAGES.has(page.url) || ((!page.adminOnly || me?.is_admin) && (canAccess(me, page.url, 'view') || canAccess(me, parent, 'view')));
  if (!allowed) return <ForbiddenPage />;
  const Screen = screens[page.url];
  if (!Screen) return <ComingSoonPage name={page.name} />;
  return (
    <Suspense fallback={<Loading what="page" />}>
      <Screen />
    </Suspense>
  );
}

/** /users/{id} → users/:id; a trailing {slug} spans several segments → *. */
const routePath = (url: string) => url.slice(1).replace(/\{slug\}$/, '*').replace(/\{(\w+)\}/g, ':$1');

function NotFoundRoute() {
  const { me } = useSession();
  return me ? (
    <DefaultLayout>
      <NotFoundPage />
    </DefaultLayout>
  ) : (
    <BlankLayout>
      <NotFoundPage />
    </BlankLayout>
  );
}

const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        path: '/login',
        element: (
          <LoginLayout>
            <LoginPage />
          </LoginLayout>
        ),
      },
      {
        path: '/maintenance',
        element: (
          <BlankLayout>
            <MaintenancePage />
          </BlankLayout>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <DefaultLayout>
              <Outlet />
            </DefaultLayout>
          </RequireAuth>
        ),
        children: pages.map((p) => (p.url === '/' ? { index: true, element: <PageGuard page={p} /> } : { path: routePath(p.url), element: <PageGuard page={p} /> })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const router = createBrowserRouter(appRoutes);
