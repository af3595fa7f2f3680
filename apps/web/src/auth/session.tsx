import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { buttonAllowed, buttonAllowedOnAny, SESSION_KEYS } from '@fp/contract/web';
import type { Me, PermissionType } from '@fp/contract';
import { ApiCallError, onApiError, call } from '../api/client';
import { currentLanguage, isLanguage, setLanguage } from '../i18n';

type Session = {
  me: Me | null;
  loading: boolean;
  login: (username: string, password: string) => Promise<Me>;
  logout: () => Promise<void>;
  /** Drops the session locally (after a password change or a 401). */
  clear: () => void;
  refresh: () => Promise<Me | null>;
};

const SessionContext = createContext<Session | null>(null);

const readStored = (): Me | null => {
  try {
    const raw = sessionStorage.getItem(SESSION_KEYS.me);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
};

/** calls.md 7.2: after login the app loads my info, then the cloud drive token info, item config and site info. */
async function loadDriveInfo() {
  // calls.md 8: no toast for cloud-drive failures; the session works without them.
  const [token, config, site] = await Promise.allSettled([
    call('drive.tokenInfo'),
    call('drive.itemConfig'),
    call('drive.siteInfo'),
  ]);
  if (token.status === 'fulfilled' || config.status === 'fulfilled') {
    sessionStorage.setItem(
      SESSION_KEYS.onedrive,
      JSON.stringify({
        token: token.status === 'fulfilled' ? token.value : null,
        item_config: config.status === 'fulfilled' ? config.value : null,
      }),
    );
  }
  if (site.status === 'fulfilled') sessionStorage.setItem(SESSION_KEYS.site, JSON.stringify(site.value));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null>(readStored);
  const [loading, setLoading] = useState<boolean>(() => readStored() !== null);
  const queryClient = useQueryClient();

  const clear = useCallback(() => {
    Object.values(SESSION_KEYS).forEach((k) => sessionStorage.removeItem(k));
    setMe(null);
    queryClient.clear();
  }, [queryClient]);

  const refresh = useCallback(async () => {
    try {
      const info = await call('auth.me');
      sessionStorage.setItem(SESSION_KEYS.me, JSON.stringify(info));
      // The user's own language (kept on the server) wins over the one this browser had.
      const language = info.user.language;
      if (isLanguage(language) && language !== currentLanguage()) await setLanguage(language);
      setMe(info);
      return info;
    } catch (e) {
      // With no network or no server (issue 19: the counter sells on offline) the session read before stays: the
      // next call that reaches the server checks it. Any answer of the server clears it (product.md 4).
      const kept = e instanceof ApiCallError && e.status === 0 ? readStored() : null;
      if (kept) return kept;
      clear();
      return null;
    }
  }, [clear]);

  useEffect(() => {
    if (!readStored()) return;
    void refresh().finally(() => setLoading(false));
  }, [refresh]);

  useEffect(
    () =>
      onApiError((e) => {
        if (e.status === 401) clear();
      }),
    [clear],
  );

  const login = useCallback(
    async (username: string, password: string) => {
      await call('auth.login', { body: { username, password } });
      const info = await refresh();
      if (!info) throw new Error('Could not load your user information');
      void loadDriveInfo();
      return info;
    },
    [refresh],
  );

  const logout = useCallback(async () => {
    try {
      await call('auth.logout');
    } finally {
      clear();
    }
  }, [clear]);

  const value = useMemo(
    () => ({ me, loading, login, logout, clear, refresh }),
    [me, loading, login, logout, clear, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** Whether the current user may open a page at a level (edit implies view; Administrators pass). */
export function canAccess(me: Me | null, pageUrl: string, level: PermissionType = 'view'): boolean {
  if (!me) return false;
  if (me.is_admin) return true;
  return me.permissions.some((g) => g.page_url === pageUrl && (g.permission_type === 'edit' || level === 'view'));
}

export function useCan(pageUrl: string, level: PermissionType = 'view'): boolean {
  return canAccess(useSession().me, pageUrl, level);
}

/** The user as the button rules see it (@fp/contract buttons.ts). */
const buttonSubject = (me: Me) => ({ isAdmin: me.is_admin, buttons: me.buttons ?? [] });

/**
 * Whether the current user may use a button of a page (issue 9 "Cashier limits"): guarded buttons (Override Price,
 * Discount Above Limit, Adjust Remaining Amount, Cancel After Payment) need an explicit grant; naming ordinary
 * buttons of a page restricts the page to them. The page level is checked apart (canAccess).
 */
export function canButton(me: Me | null, pageUrl: string, button: string): boolean {
  return !!me && buttonAllowed(buttonSubject(me), pageUrl, button);
}

/** canButton on any of several pages (a screen that is two pages: its detail and its list). */
export function canButtonOnAny(me: Me | null, pageUrls: readonly string[], button: string): boolean {
  return !!me && buttonAllowedOnAny(buttonSubject(me), pageUrls, button);
}

export function useButton(pageUrl: string, button: string): boolean {
  return canButton(useSession().me, pageUrl, button);
}
