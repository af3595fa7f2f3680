import { lazy, type ComponentType } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '@fp/contract/web';

const KEY = 'chunk-reload';

/** calls.md 8: a failed chunk load reloads the page, but not again for the same path within 10 s. */
export function reloadForChunkFailure(): boolean {
  const path = window.location.pathname + window.location.search;
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; at: number } | null;
    if (last && last.path === path && Date.now() - last.at < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    /* storage unavailable: still reload once */
  }
  window.location.reload();
  return true;
}

export function lazyWithReload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy<ComponentType<P>>(async () => {
    try {
      return await load();
    } catch (e) {
      if (reloadForChunkFailure()) return new Promise<never>(() => {});
      throw e;
    }
  });
}
