import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OfflineData } from '@fp/contract';
import { call } from '../../../api/client';
import { askPersistence, db, deviceId, type DataRow } from './db';
import { mergeRanges, topUpNumbers } from './numbers';
import { serverReached, onReachChange } from './connection';

// What the counter needs to sell with no server (issue 19): GET /api/counter-sales/offline-data for the user at the
// location, kept in IndexedDB. Refreshed when the counter opens, every few minutes while it is open and online, when
// the server comes back and on demand (the counter's refresh button); the screen says how fresh it is.

export const REFRESH_MS = 5 * 60_000;

const keyOf = (user: string, location: string) => `${user}|${location}`;

/** The offline data kept for the user at the location (null: none yet). */
export async function readOfflineData(user: string, location: string): Promise<DataRow<OfflineData> | null> {
  return ((await db.data.get(keyOf(user, location))) as DataRow<OfflineData> | undefined) ?? null;
}

/** Asks the server for fresh offline data, keeps it and the device's ranges, and reserves numbers when few are left. */
export async function refreshOfflineData(
  user: string,
  location: string,
  mayReserve: boolean,
): Promise<DataRow<OfflineData>> {
  const offline_device = await deviceId();
  const data = await call('counterSales.offlineData', { query: { location_code: location, offline_device } });
  const row: DataRow<OfflineData> = {
    key: keyOf(user, location),
    generated_at: data.generated_at,
    fetched_at: new Date().toISOString(),
    data,
  };
  await db.data.put(row);
  const franchise = data.franchise.franchise_code;
  if (data.number_ranges) await mergeRanges(franchise, data.number_ranges.items);
  // Reserving numbers needs edit on /counter (a user who may only look at the counter sells nothing offline).
  if (mayReserve) await topUpNumbers(franchise, location).catch(() => undefined);
  return row;
}

export type OfflineDataState = {
  row: DataRow<OfflineData> | null;
  refreshing: boolean;
  /** The last refresh failed (the kept data, if any, is still used). */
  failed: boolean;
  refresh: () => Promise<void>;
};

/** The counter's offline data: read from IndexedDB at once, refreshed in the background while online. */
export function useOfflineData(user: string, location: string | null, mayReserve: boolean): OfflineDataState {
  const [row, setRow] = useState<DataRow<OfflineData> | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [failed, setFailed] = useState(false);

  const refresh = useCallback(async () => {
    if (!user || !location) return;
    setRefreshing(true);
    try {
      setRow(await refreshOfflineData(user, location, mayReserve));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setRefreshing(false);
    }
  }, [user, location, mayReserve]);

  useEffect(() => {
    if (!user || !location) return;
    let live = true;
    setRow(null);
    void askPersistence();
    void readOfflineData(user, location).then((r) => live && r && setRow((now) => now ?? r));
    if (serverReached()) void refresh();
    const timer = setInterval(() => serverReached() && void refresh(), REFRESH_MS);
    const off = onReachChange((reached) => reached && void refresh());
    return () => {
      live = false;
      clearInterval(timer);
      off();
    };
  }, [user, location, refresh]);

  return useMemo(() => ({ row, refreshing, failed, refresh }), [row, refreshing, failed, refresh]);
}
