import { PermanentJobError, type JobHandler } from '../../jobs/queue.js';
import type { Services } from '../../services.js';
import { readShopItem, shopPricesOf, shopProductOf, shopVariantOf } from './catalogue.js';
import { isShopError, type ShopPushResult } from './port.js';
import { pendingProductPush, type ShopPushPayload } from './pushes.js';
import { variantAttributeCodes } from './variant-attributes.js';

/**
 * Runs one push: reads the item as it is now, calls the shop port, and turns the port's verdict into the queue's:
 * a retryable ShopError (outage, throttling, 5xx) fails and retries with backoff; any other ShopError needs a fix
 * of data or settings, so the push goes dead with the shop's message.
 */
export function shopPushHandler(services: Services): JobHandler {
  const attributeCodes = variantAttributeCodes(services.config.env);
  return async (raw, job) => {
    const payload = raw as ShopPushPayload;
    if (payload.kind !== 'product') {
      // Prices and variants need the product in the shop: wait while its own push is still on the way.
      const first = await pendingProductPush(services.db, payload.item_no, job.id);
      if (first) throw new Error(`Waiting for push #${first.id} of item ${payload.item_no} to reach the online shop.`);
    }
    const source = await readShopItem(services.db, payload.item_no);
    if (!source) throw new PermanentJobError(`Item ${payload.item_no} no longer exists.`);
    try {
      return await send(services, payload, source, attributeCodes);
    } catch (error) {
      if (isShopError(error) && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
  };
}

async function send(
  services: Services,
  payload: ShopPushPayload,
  source: NonNullable<Awaited<ReturnType<typeof readShopItem>>>,
  attributeCodes: string[],
): Promise<ShopPushResult> {
  switch (payload.kind) {
    case 'product':
      return services.shop.pushProduct(shopProductOf(source, attributeCodes));
    case 'prices':
      return services.shop.pushPrices(source.item.item_no, shopPricesOf(source));
    case 'variant': {
      const variant = source.variants.find((v) => v.variant_code === payload.variant_code);
      if (!variant)
        throw new PermanentJobError(`Variant ${payload.variant_code} of item ${payload.item_no} no longer exists.`);
      if (variant.blocked)
        throw new PermanentJobError(`Variant ${payload.variant_code} of item ${payload.item_no} is blocked.`);
      return services.shop.pushVariant(source.item.item_no, shopVariantOf(source.item, variant, attributeCodes));
    }
    default:
      throw new PermanentJobError(`Unknown shop push kind ${String((payload as { kind: unknown }).kind)}.`);
  }
}
