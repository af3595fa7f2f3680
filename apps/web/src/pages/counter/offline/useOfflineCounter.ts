import { useCallback, useEffect, useMemo, useState } from 'react';
import { businessDate, normalizePhone, type CounterSaleCreate, type OfflineData, type OfflineItem } from '@fp/contract';
import { useCan } from '../../../auth/session';
import type { CounterPayment, CounterSale } from '../store';
import { useServerReached } from './connection';
import { useOfflineData } from './data';
import { deviceId, type OfflineReceiptData } from './db';
import { numbersLeft, takeNumber } from './numbers';
import { keepSale, startOutbox, useOutbox } from './outbox';
import { birthdayOffline, priceOffline, type OfflinePrice } from './pricing';

// The counter with no server (issue 19): what the counter page asks of the device when the network or the server is
// gone — items, customers and prices from the offline data, the sale numbered from the device's range and kept in
// the outbox, its receipt made on the device.

/** An item as the counter adds it (the item list's row, or the offline data's). */
export type CounterItem = {
  item_no: string;
  description: string;
  base_unit_of_measure: string;
  effective_price: string;
};

/** Folds a text for matching with or without Vietnamese diacritics (đ → d), case-insensitive. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

const asCounterItem = (i: OfflineItem): CounterItem => ({
  item_no: i.item_no,
  description: i.description,
  base_unit_of_measure: i.base_unit_of_measure,
  effective_price: i.unit_price,
});

/** Why a sale cannot be finished offline (the counter shows it). */
export class OfflineSaleError extends Error {}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function useOfflineCounter(user: string, location: string | null, franchise: string | null) {
  const reached = useServerReached();
  const data = useOfflineData(user, location, useCan('/counter', 'edit'));
  const outbox = useOutbox();
  const [left, setLeft] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<OfflineReceiptData | null>(null);
  const d: OfflineData | null = data.row?.data ?? null;

  useEffect(startOutbox, []);
  useEffect(() => {
    if (!franchise) return;
    let live = true;
    void numbersLeft(franchise).then((n) => live && setLeft(n));
    return () => {
      live = false;
    };
  }, [franchise, outbox, data.row]);

  const items = useMemo(() => {
    const byCode = new Map<string, OfflineItem>();
    for (const i of d?.items ?? []) {
      byCode.set(i.item_no.toUpperCase(), i);
      if (i.barcode) byCode.set(i.barcode, i);
    }
    return byCode;
  }, [d]);

  /** The item whose number or barcode is exactly `code` in the offline data (null: none). */
  const findItem = useCallback(
    (code: string) => {
      const i = items.get(code.trim()) ?? items.get(code.trim().toUpperCase());
      return i ? { item: asCounterItem(i), available: i.on_hand } : null;
    },
    [items],
  );

  /** Items whose number, name or barcode contains `text` (with or without diacritics), at most 8. */
  const searchItems = useCallback(
    (text: string) => {
      const q = fold(text.trim());
      return (d?.items ?? [])
        .filter((i) => fold(`${i.item_no} ${i.description} ${i.barcode}`).includes(q))
        .slice(0, 8)
        .map((i) => ({ item: asCounterItem(i), available: i.on_hand as string | null }));
    },
    [d],
  );

  /** The store's customer with this phone in the offline data. */
  const findCustomer = useCallback(
    (phone: string) => {
      const p = normalizePhone(phone);
      const c = d?.customers.find((x) => normalizePhone(x.phone_no) === p);
      return c ? { customer_no: c.customer_no, name: c.name, phone_no: c.phone_no } : null;
    },
    [d],
  );

  /**
   * Whether the customer may take the birthday promotion on a sale made now, as the server decides it (the contract's
   * birthdayVerdict: the birthday month, once a year), counting the device's unsent sales that took it this year.
   */
  const birthdayEligible = useCallback(
    (customerNo: string) => birthdayOffline(d, outbox, customerNo, businessDate()),
    [d, outbox],
  );

  /** The sale priced on the device by the contract's pricing rules (null without offline data). */
  const price = useCallback(
    (sale: CounterSale): OfflinePrice | null =>
      d
        ? priceOffline(sale, d, new Date(), !!sale.birthday && birthdayEligible(sale.customer?.customer_no ?? ''))
        : null,
    [d, birthdayEligible],
  );

  /**
   * Finishes a sale on the device: priced, numbered from the device's range, kept in the outbox (sent when the server
   * answers) with the time the customer paid; answers its receipt.
   */
  const finish = useCallback(
    async (sale: CounterSale, loc: string, payments: CounterPayment[], body: CounterSaleCreate) => {
      if (!d || !franchise) throw new OfflineSaleError('offline.noDataToSell');
      if (payments.some((p) => p.payment_type !== 'cash')) throw new OfflineSaleError('offline.cashOnly');
      const birthday = !!sale.birthday && birthdayEligible(sale.customer?.customer_no ?? '');
      const priced = priceOffline(sale, d, new Date(), birthday);
      const device = await deviceId();
      const number = await takeNumber(franchise);
      if (!number) throw new OfflineSaleError('offline.noNumbers');
      const soldAt = new Date().toISOString();
      const paid = payments.reduce((s, p) => s + Number(p.amount), 0);
      const change = payments.reduce(
        (s, p) => s + (p.tendered ? Math.max(0, Number(p.tendered) - Number(p.amount)) : 0),
        0,
      );
      const r: OfflineReceiptData = {
        client_id: sale.client_id,
        franchise_code: franchise,
        franchise_name: d.franchise.name,
        location_code: loc,
        device_doc_no: number,
        sold_at: soldAt,
        customer_name: sale.customer?.name ?? '',
        customer_phone: sale.customer?.phone_no ?? '',
        lines: priced.lines,
        subtotal: priced.subtotal,
        line_discount_amount: priced.line_discount_amount,
        promotion_discount_amount: priced.promotion_discount_amount,
        points_discount_amount: priced.points_discount_amount,
        grand_total: priced.grand_total,
        payments: payments.map((p) => ({ payment_type: p.payment_type, amount: p.amount })),
        change: String(round2(change)),
      };
      if (round2(paid - Number(priced.grand_total)) < 0) throw new OfflineSaleError('offline.notCovered');
      await keepSale({
        client_id: sale.client_id,
        user,
        franchise_code: franchise,
        created_at: soldAt,
        receipt: r,
        body: {
          ...body,
          loyalty_birthday_used: birthday,
          ...priced.body,
          sold_at: soldAt,
          offline_device: device,
          device_doc_no: number,
        },
      });
      setReceipt(r);
      return r;
    },
    [d, franchise, user, birthdayEligible],
  );

  const limits = d?.limits ?? null;
  const franchiseName = d?.franchise.name ?? null;
  return useMemo(
    () => ({
      reached,
      data,
      outbox,
      numbersLeft: left,
      receipt,
      setReceipt,
      findItem,
      searchItems,
      findCustomer,
      birthdayEligible,
      price,
      finish,
      limits,
      franchiseName,
    }),
    [
      reached,
      data,
      outbox,
      left,
      receipt,
      findItem,
      searchItems,
      findCustomer,
      birthdayEligible,
      price,
      finish,
      limits,
      franchiseName,
    ],
  );
}
