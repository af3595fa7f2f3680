import { useSyncExternalStore } from 'react';
import type { CounterSaleResult, paymentTerms } from '@fp/contract';

// The counter's one client-side store (issue 18; issue 19 sells offline from it): the sale being rung up, the
// customer kept for the next sales, the location and the last result. Kept in localStorage per user, so a sale
// left half-done (or being sent) survives a reload; the sale's client_id is made when the sale starts and sent
// again unchanged after a network error, so the server never posts it twice.

export type CounterCustomer = {
  /** An existing customer; absent for a new (temporary) one created with the sale. */
  customer_no?: string;
  name: string;
  phone_no: string;
};

/** A company invoice's buyer (issue 21): tax code, company name and address; null for a consumer. */
export type CounterBuyer = { buyer_tax_code: string; buyer_company_name: string; buyer_address: string };

export type CounterLine = {
  item_no: string;
  description: string;
  unit_of_measure: string;
  /** The catalogue's price of one base unit for the franchise (the item list's effective price). */
  unit_price: string;
  quantity: number;
  /** Percent, '' for none. */
  discount: string;
  /** On hand at the location when the line was added (null until known). */
  available: string | null;
};

export type CounterPayment = {
  payment_type: 'cash' | 'transfer' | 'card' | 'installment';
  amount: string;
  tendered?: string;
  contract_no?: string;
  payment_term?: '' | (typeof paymentTerms)[number];
};

export type CounterSale = {
  client_id: string;
  customer: CounterCustomer | null;
  lines: CounterLine[];
  /** The line under the cursor (F6, Delete, +/-). */
  current: number;
  coupon_code: string;
  redeem_points: string;
  /** The customer's birthday promotion is taken (in the birthday month, once a year; absent before issue 19's). */
  birthday?: boolean;
  /** A company invoice's buyer (absent in a sale kept before issue 21). */
  buyer?: CounterBuyer | null;
  /** Set while the sale is being sent (and after a network error, until the server answered). */
  sending: CounterPayment[] | null;
};

export type CounterState = {
  location: string | null;
  /** The customer each new sale starts with (a walk-in customer of the store), by location. */
  kept: Record<string, CounterCustomer>;
  sale: CounterSale;
  last: CounterSaleResult | null;
};

const newSale = (customer: CounterCustomer | null): CounterSale => ({
  client_id: crypto.randomUUID(),
  customer,
  lines: [],
  current: 0,
  coupon_code: '',
  redeem_points: '',
  sending: null,
});

const initial = (): CounterState => ({ location: null, kept: {}, sale: newSale(null), last: null });

let key = '';
let state: CounterState = initial();
const listeners = new Set<() => void>();

function load(user: string) {
  if (key === `counter.${user}`) return;
  key = `counter.${user}`;
  try {
    const raw = localStorage.getItem(key);
    state = raw ? { ...initial(), ...(JSON.parse(raw) as CounterState) } : initial();
  } catch {
    state = initial();
  }
}

function set(next: CounterState) {
  state = next;
  try {
    localStorage.setItem(key, JSON.stringify(state));
  } catch {
    // a full storage keeps the sale in memory; the sale itself is not lost
  }
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The counter's state of this user (read once from localStorage). */
export function useCounterState(user: string): CounterState {
  load(user);
  return useSyncExternalStore(subscribe, () => state);
}

const updateSale = (f: (s: CounterSale) => CounterSale) => set({ ...state, sale: f(state.sale) });
const clampCurrent = (s: CounterSale): CounterSale => ({
  ...s,
  current: Math.max(0, Math.min(s.current, s.lines.length - 1)),
});

/** What changes the counter's state; each reads the latest state, so scans queued one after another add up. */
export const counter = {
  get: () => state,
  setLocation(location: string) {
    if (state.location === location) return;
    const kept = state.kept[location] ?? null;
    set({ ...state, location, sale: state.sale.lines.length ? state.sale : { ...state.sale, customer: kept } });
  },
  /** One more of an item: the same item again raises its quantity, a new one becomes the last line. */
  addItem(line: Omit<CounterLine, 'quantity' | 'discount'>, quantity = 1) {
    updateSale((s) => {
      const i = s.lines.findIndex((l) => l.item_no === line.item_no);
      if (i >= 0) {
        const lines = s.lines.map((l, j) => (j === i ? { ...l, quantity: l.quantity + quantity } : l));
        return { ...s, lines, current: i };
      }
      return { ...s, lines: [...s.lines, { ...line, quantity, discount: '' }], current: s.lines.length };
    });
  },
  setAvailable(itemNo: string, available: string) {
    updateSale((s) => ({ ...s, lines: s.lines.map((l) => (l.item_no === itemNo ? { ...l, available } : l)) }));
  },
  select(index: number) {
    updateSale((s) => clampCurrent({ ...s, current: index }));
  },
  /** +1 / −1 on the current line; below 1 the line stays at 1 (Delete removes it). */
  changeQuantity(delta: number) {
    updateSale((s) => ({
      ...s,
      lines: s.lines.map((l, j) => (j === s.current ? { ...l, quantity: Math.max(1, l.quantity + delta) } : l)),
    }));
  },
  setQuantity(index: number, quantity: number) {
    updateSale((s) => ({ ...s, lines: s.lines.map((l, j) => (j === index ? { ...l, quantity } : l)) }));
  },
  removeCurrent() {
    updateSale((s) => clampCurrent({ ...s, lines: s.lines.filter((_, j) => j !== s.current) }));
  },
  setDiscount(discount: string) {
    updateSale((s) => ({ ...s, lines: s.lines.map((l, j) => (j === s.current ? { ...l, discount } : l)) }));
  },
  setCoupon(coupon_code: string) {
    updateSale((s) => ({ ...s, coupon_code }));
  },
  setPoints(redeem_points: string) {
    updateSale((s) => ({ ...s, redeem_points }));
  },
  setBirthday(birthday: boolean) {
    updateSale((s) => ({ ...s, birthday }));
  },
  setBuyer(buyer: CounterBuyer | null) {
    updateSale((s) => ({ ...s, buyer }));
  },
  /** The sale's customer; `keep` makes it the customer every next sale at this location starts with. */
  setCustomer(customer: CounterCustomer | null, keep: boolean) {
    const loc = state.location ?? '';
    const kept = { ...state.kept };
    if (keep && customer?.customer_no) kept[loc] = customer;
    // The birthday promotion is the customer's: another customer starts without it.
    const birthday = customer?.customer_no === state.sale.customer?.customer_no ? state.sale.birthday : false;
    set({ ...state, kept, sale: { ...state.sale, customer, birthday } });
  },
  startSending(payments: CounterPayment[]) {
    updateSale((s) => ({ ...s, sending: payments }));
  },
  /** The server refused the sale: it stays on screen to be corrected (a new send is a new attempt, same client_id). */
  stopSending() {
    updateSale((s) => ({ ...s, sending: null }));
  },
  /**
   * The server posted the sale: its receipt is shown and the next sale starts (with the kept customer). Null: the
   * sale was finished offline and kept on the device (its receipt is the device's, offline/OfflineReceipt).
   */
  completed(result: CounterSaleResult | null) {
    const kept = state.location ? (state.kept[state.location] ?? null) : null;
    set({ ...state, last: result, sale: newSale(kept) });
  },
  /** Drops the half-done sale (a new client_id). */
  discard() {
    const kept = state.location ? (state.kept[state.location] ?? null) : null;
    set({ ...state, sale: newSale(kept) });
  },
  closeReceipt() {
    set({ ...state, last: null });
  },
};

/** The sale's catalogue amount of a line: quantity × price − the line discount, rounded to the dong's cents. */
export function lineAmount(l: CounterLine): number {
  const gross = l.quantity * Number(l.unit_price);
  const discount = l.discount ? Math.round(gross * Number(l.discount)) / 100 : 0;
  return Math.round((gross - discount) * 100) / 100;
}

export const saleSubtotal = (s: CounterSale) =>
  Math.round(s.lines.reduce((sum, l) => sum + lineAmount(l), 0) * 100) / 100;
