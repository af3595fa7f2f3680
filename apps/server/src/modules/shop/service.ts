import type { ShopPushQueued } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest, businessRule, forbidden, notFound } from '../../http/errors.js';
import { itemExists, variantsWithCode } from './catalogue.js';
import { queueAllProducts, queuedAnswer, queuePush, type ShopPushPayload } from './pushes.js';

// calls.md 7.17: the four pushes. Each one checks what it can now, then queues jobs in one transaction (the caller's); the
// shop is called by the job runner, so an outage delays a push and never loses it.

/** The online shop is the network's, not a store's: store users may not push to it. */
export function assertHeadOffice(auth: Auth): void {
  if (!auth.scope.all) throw forbidden('Only head office users may push to the online shop');
}

async function queueOne(db: Tx, payload: ShopPushPayload): Promise<ShopPushQueued> {
  const { job, created } = await queuePush(db, payload);
  return queuedAnswer(db, [Number(job.id)], created ? 1 : 0);
}

async function requireItem(db: DbOrTx, itemNo: string): Promise<void> {
  if (!(await itemExists(db, itemNo))) throw notFound(`Item ${itemNo}`);
}

/** PUT /api/shop/items/{item_no}: the product with its variants, name, list price and categories. */
export async function pushItem(db: Tx, auth: Auth, itemNo: string): Promise<ShopPushQueued> {
  assertHeadOffice(auth);
  await requireItem(db, itemNo);
  return queueOne(db, { kind: 'product', item_no: itemNo, requested_by: auth.username });
}

/** PUT /api/shop/items/{item_no}/prices: the list prices of the item and its variants. */
export async function pushItemPrices(db: Tx, auth: Auth, itemNo: string): Promise<ShopPushQueued> {
  assertHeadOffice(auth);
  await requireItem(db, itemNo);
  return queueOne(db, { kind: 'prices', item_no: itemNo, requested_by: auth.username });
}

/** PUT /api/shop/variants/{variant_code}: one variant, linked to its item in the shop. */
export async function pushVariant(
  db: Tx,
  auth: Auth,
  variantCode: string,
  itemNo: string | undefined,
): Promise<ShopPushQueued> {
  assertHeadOffice(auth);
  if (itemNo) await requireItem(db, itemNo);
  const found = await variantsWithCode(db, variantCode, itemNo);
  if (found.length === 0)
    throw notFound(itemNo ? `Variant ${variantCode} of item ${itemNo}` : `Variant ${variantCode}`);
  if (found.length > 1) {
    const owners = found.map((v) => v.item_no).join(', ');
    throw badRequest(
      `Variant ${variantCode} belongs to several items (${owners}); name the item in item_no`,
      'item_no',
    );
  }
  const [variant] = found;
  if (variant.blocked)
    throw businessRule(
      `Variant ${variantCode} of item ${variant.item_no} is blocked`,
      'variant_blocked',
      'variant_code',
    );
  return queueOne(db, {
    kind: 'variant',
    item_no: variant.item_no,
    variant_code: variant.variant_code,
    requested_by: auth.username,
  });
}

/** PUT /api/shop/sync-all: a product push for every item of the master (blocked items go as disabled). */
export async function syncAll(db: Tx, auth: Auth): Promise<ShopPushQueued> {
  assertHeadOffice(auth);
  const { ids, created } = await queueAllProducts(db, auth.username);
  return queuedAnswer(db, ids, created);
}
