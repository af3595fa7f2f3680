import Dexie, { type EntityTable } from 'dexie';
import type { CounterSaleCreate } from '@fp/contract';

// The counter's IndexedDB (issue 19), through Dexie: what the counter needs to sell with no server (the offline
// data, by user and location), the device's id and its reserved sale numbers, and the outbox of sales not yet
// accepted by the server. Sales leave the outbox only when the server has them (or a manager discards a refused
// one after confirmation); the app asks the browser to keep this storage (navigator.storage.persist()).

/** A sale kept on the device: exactly the POST /api/counter-sales body, sent again unchanged until answered. */
export type OutboxSale = {
  client_id: string;
  /** The cashier who made the sale (user name) and the franchise it belongs to. */
  user: string;
  franchise_code: string;
  body: CounterSaleCreate;
  /** What the cashier's receipt showed (the device's own pricing). */
  receipt: OfflineReceiptData;
  /** When the customer paid (ISO), the order of sending. */
  created_at: string;
  state: 'unsent' | 'refused';
  /** The server's refusal (first message, the field it names, the status). */
  error?: { msg: string; field?: string; status: number };
  tries: number;
};

export type OfflineReceiptLine = {
  item_no: string;
  description: string;
  quantity: string;
  unit_price: string;
  line_discount_percent: string;
  amount: string;
};

/** The receipt of a sale the device numbered and priced itself. */
export type OfflineReceiptData = {
  client_id: string;
  franchise_code: string;
  franchise_name: string;
  location_code: string;
  device_doc_no: string;
  sold_at: string;
  customer_name: string;
  customer_phone: string;
  lines: OfflineReceiptLine[];
  subtotal: string;
  line_discount_amount: string;
  promotion_discount_amount: string;
  points_discount_amount: string;
  grand_total: string;
  payments: { payment_type: string; amount: string }[];
  change: string;
};

/** A key–value row (the device id, the reserved numbers of a franchise). */
export type MetaRow = { key: string; value: unknown };

/** The offline data of one user at one location, as the server answered it. */
export type DataRow<T = unknown> = { key: string; generated_at: string; fetched_at: string; data: T };

export class CounterDb extends Dexie {
  outbox!: EntityTable<OutboxSale, 'client_id'>;
  data!: EntityTable<DataRow, 'key'>;
  meta!: EntityTable<MetaRow, 'key'>;
  constructor(name = 'fp-counter') {
    super(name);
    this.version(1).stores({ outbox: 'client_id, state, created_at', data: 'key', meta: 'key' });
  }
}

export const db = new CounterDb();

let persistAsked = false;
/** Asks the browser once to keep the counter's storage (unsent sales are never evicted); answers whether it will. */
export async function askPersistence(): Promise<boolean> {
  if (persistAsked || !navigator.storage?.persist) return navigator.storage?.persisted?.() ?? false;
  persistAsked = true;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

/** The device's id: a UUID made once per browser profile and kept in IndexedDB (the server's offline_device). */
export async function deviceId(): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('device');
    if (typeof row?.value === 'string') return row.value;
    const id = crypto.randomUUID();
    await db.meta.put({ key: 'device', value: id });
    return id;
  });
}
