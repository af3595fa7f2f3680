// The e-invoice provider of the browser journeys (issue 21): the server's SInvoice-shaped test server on a fixed
// loopback port, which playwright.config.ts gives the app server as SINVOICE_BASE_URL (EINVOICE_MODE=sinvoice). The
// e-invoice journey starts it, takes it down and brings it back, makes it refuse an invoice, and reads what it got.

/** The run's own SInvoice port (E2E port + 2000, per worker: worker-server.ts), read after the config set E2E_PORT. */
export const e2eSInvoicePort = () =>
  Number(process.env.E2E_SINVOICE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000);

/** The seller's SInvoice account the journeys' server is configured with (a cash-register series: M fourth). */
export const E2E_SINVOICE = {
  username: 'e2e-seller',
  password: 'E2e-SInvoice-1',
  supplierTaxCode: '0100109106',
  templateCode: '1/001',
  series: 'C26MAA',
  sellerName: 'Công ty CP Nhượng Quyền E2E',
} as const;
