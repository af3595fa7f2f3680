import { z } from 'zod';
import { int32 } from './common.js';
import { messages } from './validators.js';
import { jobStates, shopPushKinds } from './constants.js';

// calls.md 7.17: online shop product sync (sync all, one item, prices of one item, one variant), all PUT.
// Each call queues pushes in the job queue; the pushes are the jobs of queue `shop` (ARCHITECTURE: outbox).

export const SHOP_QUEUE = 'shop';

/** What a push sends (shopPushKinds; label options.shopPushKind.<value>). */
export type ShopPushKind = (typeof shopPushKinds)[number];

/** Shop modes (SHOP_MODE): none records pushes and sends nothing; magento sends them. */
export const shopModes = ['none', 'magento'] as const;

/** What the shop did with a push (ShopPushResult.operation). */
export const shopOperations = ['created', 'updated', 'prices', 'skipped'] as const;

/** Item numbers and variant codes are kept upper-case, as the ERP writes them. */
const code = (field: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(30, messages.maxLength(30))
    .regex(/^[A-Za-z0-9._\-/]+$/, `${field} may hold letters, digits and . _ - / only`)
    .transform((s) => s.toUpperCase());

export const shopItemParams = z.object({ item_no: code('item_no') });
export const shopVariantParams = z.object({ variant_code: code('variant_code') });

/**
 * Variant codes (e.g. DO-M) may repeat across items: item_no names the item; it may be left out when the code
 * belongs to one item only.
 */
export const shopVariantBody = z.object({ item_no: code('item_no').optional() }).default({});

/** sync all: every item of the catalogue that is not blocked; sync_all is accepted for the original clients. */
export const shopSyncAllBody = z
  .object({ sync_all: z.boolean({ error: 'sync_all must be true or false' }).optional() })
  .default({});

export const shopPush = z.object({
  id: int32(),
  kind: z.enum(shopPushKinds),
  item_no: z.string(),
  variant_code: z.string().nullable(),
  state: z.enum(jobStates),
  attempts: int32(),
  max_attempts: int32(),
  /** When a waiting or failed push runs next. */
  run_at: z.string(),
  last_error: z.string().nullable(),
  /** The shop mode that handled it (none: recorded only). */
  mode: z.string().nullable(),
  operation: z.string().nullable(),
  detail: z.string().nullable(),
  remote_id: int32().nullable(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopPush = z.infer<typeof shopPush>;

/** The answer of every push call: what is now queued (a push already waiting for the same thing is reused). */
export const shopPushQueued = z.object({
  /** How many pushes are queued for this request. */
  count: int32(),
  /** How many of them were new (the others were already waiting and now run as soon as possible). */
  new_count: int32(),
  job_ids: z.array(int32()),
  /** The queued pushes (at most the first 100 for sync all). */
  pushes: z.array(shopPush),
});
export type ShopPushQueued = z.infer<typeof shopPushQueued>;

export const shopRetryBody = z.object({ ids: z.array(int32().positive()).min(1, 'ids must not be empty') });

/**
 * /tablet/website: the shop's page for an item is its catalogue search for the item number
 * (`{shop_url}/catalogsearch/result/?q={item_no}`), which finds the product whatever URL key it was given.
 * Null when no shop URL is configured.
 */
export function shopPageUrl(shopUrl: string | null | undefined, itemNo: string): string | null {
  const root = (shopUrl ?? '').trim().replace(/\/+$/, '');
  if (root === '' || !/^https?:\/\//i.test(root)) return null;
  return `${root}/catalogsearch/result/?q=${encodeURIComponent(itemNo.trim())}`;
}

/** GET /api/shop/status. */
export const shopStatus = z.object({ mode: z.enum(shopModes), reachable: z.boolean() });
export type ShopStatus = z.infer<typeof shopStatus>;

/** One row of POST /api/shop/website-items/filter (/tablet/website's item picker). */
export const shopWebsiteItem = z.object({
  item_no: z.string(),
  description: z.string(),
  /** List price, VND. */
  unit_price: z.string(),
  category_name: z.string().nullable(),
});
export type ShopWebsiteItem = z.infer<typeof shopWebsiteItem>;
