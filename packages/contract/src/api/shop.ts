import { z } from 'zod';
import {
  shopItemParams,
  shopPush,
  shopPushQueued,
  shopRetryBody,
  shopStatus,
  shopSyncAllBody,
  shopVariantBody,
  shopVariantParams,
  shopWebsiteItem,
} from '../shop.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { shopOps } from '../ops/shop.js';

/** shop: the schemas of each operation, keyed like shopOps. */
export const shopSchemas = {
  syncAll: { body: shopSyncAllBody, response: shopPushQueued },
  syncItem: { params: shopItemParams, response: shopPushQueued },
  syncItemPrices: { params: shopItemParams, response: shopPushQueued },
  syncVariant: { params: shopVariantParams, body: shopVariantBody, response: shopPushQueued },
  pushesList: { item: shopPush },
  pushesRetry: { body: shopRetryBody, response: z.object({ retried: z.number().int() }) },
  status: { response: shopStatus },
  websiteItemsList: { item: shopWebsiteItem },
} satisfies SchemasOf<typeof shopOps>;

/** shop: meta and schemas of each operation, as the server registers them. */
export const shopApi = joinOps(shopOps, shopSchemas);
