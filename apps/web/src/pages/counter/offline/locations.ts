import { useEffect, useMemo } from 'react';
import { useLocations, type LocationOption } from '../../warehouseEntries/data';

// The counter's locations with no server (issue 19): the stores answer (GET /api/customers/stores) is kept per user
// in localStorage whenever it arrives, and used when the server cannot be asked (a reload while offline).

const keyOf = (user: string) => `counter.locations.${user}`;

function stored(user: string): LocationOption[] | null {
  try {
    const raw = localStorage.getItem(keyOf(user));
    return raw ? (JSON.parse(raw) as LocationOption[]) : null;
  } catch {
    return null;
  }
}

/** The counter's locations: the server's answer, else the one kept from the last time it answered. */
export function useCounterLocations(user: string) {
  const q = useLocations();
  const kept = useMemo(() => (user ? stored(user) : null), [user]);
  useEffect(() => {
    if (!user || !q.data) return;
    try {
      localStorage.setItem(keyOf(user), JSON.stringify(q.options));
    } catch {
      // a full storage: the counter still sells online
    }
  }, [user, q.data, q.options]);
  const fromServer = !!q.data;
  return {
    isLoading: q.isLoading && !kept,
    options: fromServer ? q.options : (kept ?? []),
  };
}
