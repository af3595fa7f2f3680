import { useSyncExternalStore } from 'react';
import { call, onServerReach } from '../../../api/client';

// Whether the counter can reach the server (issue 19). Every API call reports it (api/client.ts onServerReach), the
// browser reports its network (online/offline events); while the server is out of reach a light call asks again
// every few seconds, so the counter notices the connection's return without the cashier doing anything.

const PROBE_MS = 5000;
let reached = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | null = null;

function set(next: boolean) {
  if (next === reached) return;
  reached = next;
  listeners.forEach((l) => l());
  if (!reached && !probe) probe = setInterval(() => void call('config.get').catch(() => undefined), PROBE_MS);
  if (reached && probe) {
    clearInterval(probe);
    probe = null;
  }
}

let started = false;
function start() {
  if (started || typeof window === 'undefined') return;
  started = true;
  onServerReach(set);
  window.addEventListener('offline', () => set(false));
  window.addEventListener('online', () => void call('config.get').catch(() => undefined));
  if (!reached) {
    reached = true;
    set(false);
  }
}

/** Whether the server answered the last call (false with no network or no server). */
export function serverReached(): boolean {
  start();
  return reached && navigator.onLine;
}

/** Subscribes to the server's reachability (the callback gets the new value). */
export function onReachChange(l: (reached: boolean) => void): () => void {
  start();
  const f = () => l(serverReached());
  listeners.add(f);
  return () => {
    listeners.delete(f);
  };
}

const subscribe = (l: () => void) => onReachChange(l);

/** The counter's view of the connection: true while the server answers. */
export function useServerReached(): boolean {
  return useSyncExternalStore(subscribe, serverReached);
}
