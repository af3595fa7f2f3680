import {
  startMagentoTestServer,
  type MagentoTestServer,
} from '../../../server/src/modules/shop/test-support/magento-test-server';

// The online shop of the browser journeys: the server's Magento-shaped test server on a fixed loopback port, which
// playwright.config.ts gives the app server as MAGENTO_BASE_URL (SHOP_MODE=magento). A journey starts it, takes it
// down and brings it back, and reads the catalogue it holds.

/** The run's own shop port (E2E port + 1000), so parallel runs never meet; read after the config set E2E_PORT. */
export const e2eMagentoPort = () => Number(process.env.E2E_MAGENTO_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
export const E2E_MAGENTO_TOKEN = 'e2e-magento-token';

export function startE2eShop(): Promise<MagentoTestServer> {
  return startMagentoTestServer({ port: e2eMagentoPort(), token: E2E_MAGENTO_TOKEN });
}
