import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useTranslation } from 'react-i18next';
import { allTexts, antdLocale, languageReady } from './i18n';
import './styles.css';
import { SessionProvider } from './auth/session';
import { AppRouter } from './shell/App';
import { toast } from './components/toast';
import { ApiCallError } from './api/client';
import { reloadForChunkFailure } from './shell/chunk-reload';

dayjs.extend(customParseFormat);

// A failed dynamic import outside React.lazy (e.g. a preload) also reloads once.
window.addEventListener('vite:preloadError', (e) => {
  e.preventDefault();
  reloadForChunkFailure();
});

// The service worker (vite.config.ts, issue 19: the counter opens with no network) registers once the page has
// loaded, so the first load never waits for it; it precaches the shell and the counter in the background.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// A device set to reduce motion (an accessibility setting of the operating system) gets no animations.
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion:reduce)').matches ?? false;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
  queryCache: new QueryCache({
    // calls.md 8: a failed call shows the first server msg as a persistent error toast, unless the area is silent.
    onError: (e, q) => {
      if (q.meta?.silent) return;
      if (e instanceof ApiCallError && (e.status === 401 || e.status === 503)) return;
      // The counter sells on with no network or server (issue 19) and shows its own offline banner.
      if (e instanceof ApiCallError && e.status === 0 && window.location.pathname === '/counter') return;
      toast.error(e);
    },
  }),
});

const theme = { token: { colorPrimary: '#0b6e4f', motion: !reducedMotion } };

/** antd's own texts (date picker, pagination, empty lists) follow the interface language. */
function Localized({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={antdLocale(i18n.language)} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

// A browser that chose Vietnamese waits for its texts (one chunk) before the first paint, so no English flashes.
// The rest of en.json (the screens' texts) is fetched once the first page is up.
void languageReady.then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Localized>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <AppRouter />
          </SessionProvider>
        </QueryClientProvider>
      </Localized>
    </StrictMode>,
  );
  void allTexts().catch(() => undefined);
});
