import { Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { pages, routePath, setBusinessTimeZone } from '@fp/contract/web';
import type { PageDef } from '@fp/contract';
import { call, onApiError } from '../api/client';
import { canAccess, useSession } from '../auth/session';
import { BlankLayout, LoginLayout } from '../layouts/PlainLayouts';
import { LoginScreen, MaintenanceScreen, screens } from '../pages/registry';
import { Toasts } from './Toasts';
import { Spinner } from '../components/Spinner';
import { useBuildWatch } from './build-watch';
import { lazyWithReload } from './chunk-reload';
import { outboxFlag } from '../pages/counter/offline/flag';

// The status pages (antd's Result with its illustrations) load only when one is shown.
const NotFoundPage = lazyWithReload<object>(() => import('./StatusPages').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenPage = lazyWithReload<object>(() => import('./StatusPages').then((m) => ({ default: m.ForbiddenPage })));
const ComingSoonPage = lazyWithReload<{ name: string }>(() =>
  import('./StatusPages').then((m) => ({ default: m.ComingSoonPage })),
);

// The signed-in shell (antd Layout, Menu, Dropdown and App with its modal) loads with the first signed-in page: /login
// does without it.
const DefaultLayout = lazyWithReload<{ children: ReactNode }>(() => import('../layouts/DefaultLayout'));

const Loading = ({ what }: { what: string }) => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spinner what={what} large />
  </div>
);

/** Hosts the toasts, watches for new builds and sends non-admins to /maintenance while it is on. */
function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const { me } = useSession();
  useBuildWatch();
  // Times show in the server's business time zone (BUSINESS_TIME_ZONE), whatever the browser's zone is.
  useEffect(() => {
    void call('config.get')
      .then((c) => setBusinessTimeZone(c.business_time_zone))
      .catch(() => undefined);
  }, []);
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
  // Issue 19: sales made offline on this device and not yet sent are sent after any login of a user of the counter,
  // on any page; the outbox (Dexie) loads only when some wait (outboxFlag), so nobody's first load carries it.
  const sells = !!me && canAccess(me, '/counter', 'edit');
  useEffect(() => {
    if (sells && outboxFlag.get() > 0)
      void import('../pages/counter/offline/outbox').then((m) => m.startOutbox()).catch(() => undefined);
  }, [sells]);
  useEffect(
    () =>
      onApiError((e) => {
        if (e.status === 503 && e.code === 'maintenance') navigate('/maintenance', { replace: true });
      }),
    [navigate],
  );
  return (
    <>
      <Toasts />
      <Outlet />
    </>
  );
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
    OPEN_PAGES.has(page.url) ||
    ((!page.adminOnly || me?.is_admin) && (canAccess(me, page.url, 'view') || canAccess(me, parent, 'view')));
  const Screen = screens[page.url];
  return (
    <Suspense fallback={<Loading what="page" />}>
      {!allowed ? <ForbiddenPage /> : Screen ? <Screen /> : <ComingSoonPage name={page.name} />}
    </Suspense>
  );
}

function NotFoundRoute() {
  const { me } = useSession();
  const page = (
    <Suspense fallback={<Loading what="page" />}>
      <NotFoundPage />
    </Suspense>
  );
  return me ? (
    <Suspense fallback={<Loading what="page" />}>
      <DefaultLayout>{page}</DefaultLayout>
    </Suspense>
  ) : (
    <BlankLayout>{page}</BlankLayout>
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
            <Suspense fallback={<Loading what="page" />}>
              <LoginScreen />
            </Suspense>
          </LoginLayout>
        ),
      },
      {
        path: '/maintenance',
        element: (
          <BlankLayout>
            <Suspense fallback={<Loading what="page" />}>
              <MaintenanceScreen />
            </Suspense>
          </BlankLayout>
        ),
      },
      {
        path: '/',
        element: (
          <RequireAuth>
            <Suspense fallback={<Loading what="page" />}>
              <DefaultLayout>
                <Outlet />
              </DefaultLayout>
            </Suspense>
          </RequireAuth>
        ),
        children: pages.map((p) =>
          p.url === '/'
            ? { index: true, element: <PageGuard page={p} /> }
            : { path: routePath(p.url), element: <PageGuard page={p} /> },
        ),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

function AppRoutes() {
  return useRoutes(appRoutes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
