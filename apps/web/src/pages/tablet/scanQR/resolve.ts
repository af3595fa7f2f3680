import { normalizePhone, type Customer, type ItemRow, type SalesOrder } from '@fp/contract';
import { ApiCallError, call } from '../../../api/client';

// What a scanned (or typed) code opens: an item by its number, an order by pos_so_no, a customer card by mobile phone
// or customer number. The lookups run side by side; an item wins over an order over a customer.

export type Found =
  | { kind: 'item'; item: ItemRow }
  | { kind: 'order'; order: SalesOrder }
  | { kind: 'customer'; customer: Customer }
  | { kind: 'none'; code: string };

/** A mobile phone as printed on a customer card ("0912 345 678", "+84912345678"). */
export const looksLikePhone = (code: string) => /^\+?\d[\d\s.-]{7,}$/.test(code);

/** A refusal that only means "not this kind" (unknown, not allowed, or not a valid key of that kind). */
const notThis = (e: unknown) => e instanceof ApiCallError && [400, 403, 404].includes(e.status);

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (notThis(e)) return null;
    throw e;
  }
}

export async function resolveCode(raw: string, franchise: string | null): Promise<Found> {
  const code = raw.trim();
  if (looksLikePhone(code)) {
    const c = await orNull(
      call('customers.byPhone', {
        params: { phone_no: normalizePhone(code) },
        query: franchise ? { franchise_code: franchise } : {},
      }),
    );
    if (c) return { kind: 'customer', customer: c };
  }
  const upper = code.toUpperCase();
  const [items, order, customer] = await Promise.all([
    orNull(
      call('items.list', {
        body: {
          pagination: { page: 1, size: 1 },
          filters: [
            { field: 'item_no', value: upper, condition_type: 'eq' },
            ...(franchise ? [{ field: 'franchise_code', value: franchise, condition_type: 'eq' as const }] : []),
          ],
        },
      }),
    ),
    orNull(call('salesOrders.get', { params: { pos_so_no: code } })),
    orNull(call('customers.get', { params: { customer_no: upper } })),
  ]);
  const item = items?.items[0];
  if (item) return { kind: 'item', item };
  if (order) return { kind: 'order', order };
  if (customer) return { kind: 'customer', customer };
  return { kind: 'none', code };
}
