import { useEffect, useState, type ComponentType } from 'react';
import { onToastWanted } from '../components/toast';

/**
 * Hosts the toasts' notification holder (ToastHolder.tsx, antd's notification) without putting it in the first
 * load: it is fetched when the browser is first idle, or at once when a toast is asked for before that. A failed
 * fetch (network cut) is tried again at the next toast; the waiting toasts show once it loads.
 */
export function Toasts() {
  const [Holder, setHolder] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      import('./ToastHolder').then(
        (m) => live && setHolder(() => m.default),
        () => void (loading = false),
      );
    };
    const unwatch = onToastWanted(load);
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(load, { timeout: 2000 })
        : window.setTimeout(load, 1000);
    return () => {
      live = false;
      unwatch();
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return Holder ? <Holder /> : null;
}
