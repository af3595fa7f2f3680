// How many sales wait in this device's outbox, mirrored in localStorage by the outbox (issue 19): the shell reads it
// to start sending after a login on any page without loading IndexedDB (Dexie) into everybody's first load.

const KEY = 'counter.outbox.count';

export const outboxFlag = {
  get: (): number => {
    try {
      return Number(localStorage.getItem(KEY) ?? 0) || 0;
    } catch {
      return 0;
    }
  },
  set: (n: number) => {
    try {
      localStorage.setItem(KEY, String(n));
    } catch {
      // a full storage: the counter page starts the outbox itself
    }
  },
};
