import type { ShopPort, ShopPrice, ShopProduct, ShopPushResult, ShopVariant } from './port.js';
import { validatePrices, validateProduct, validateVariant } from './validate.js';

/** The default shop: sends nothing; the job layer still records each push, so the history shows what would go. */
export class NoneShop implements ShopPort {
  readonly mode = 'none' as const;

  async pushProduct(product: ShopProduct): Promise<ShopPushResult> {
    // Same checks as a real shop, so bad data is caught before a connector is switched on.
    validateProduct(product);
    const variants = product.variants?.length ?? 0;
    return this.skipped(product.sku, variants > 0 ? `${variants} variant(s) not sent` : undefined);
  }

  async pushPrices(sku: string, prices: ShopPrice[]): Promise<ShopPushResult> {
    validatePrices(sku, prices);
    return this.skipped(sku, `${prices.length} price(s) not sent`);
  }

  async pushVariant(parentSku: string, variant: ShopVariant): Promise<ShopPushResult> {
    validateVariant(variant, parentSku);
    return this.skipped(variant.sku, `variant of ${parentSku} not sent`);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  private skipped(sku: string, detail?: string): ShopPushResult {
    const reason = 'online shop mode is none';
    return { mode: 'none', operation: 'skipped', sku, detail: detail ? `${reason}: ${detail}` : reason };
  }
}
