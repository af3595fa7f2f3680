import {
  startSInvoiceServer,
  type SInvoiceTestServer,
} from '../../../server/src/modules/einvoices/test-support/sinvoice-test-server';

export type E2eSInvoice = SInvoiceTestServer;

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

/** Starts the run's SInvoice test server with the journeys' seller account (template 1/001, series C26MAA). */
export function startE2eSInvoice(): Promise<E2eSInvoice> {
  return startSInvoiceServer({
    port: e2eSInvoicePort(),
    accounts: [
      {
        username: E2E_SINVOICE.username,
        password: E2E_SINVOICE.password,
        supplierTaxCode: E2E_SINVOICE.supplierTaxCode,
        templates: { [E2E_SINVOICE.templateCode]: [E2E_SINVOICE.series] },
      },
    ],
  });
}
