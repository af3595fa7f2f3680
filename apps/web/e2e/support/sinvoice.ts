import type { IssuedTestInvoice } from '../../../server/src/modules/einvoices/test-support/sinvoice-test-server';

// The e-invoice provider of the browser journeys (issue 21): the server's SInvoice-shaped test server, which the app
// server's wrapper (e2e-server.ts, E2E_SINVOICE) starts beside the app on SINVOICE_BASE_URL for the whole run, so every
// journey's invoices are issued. The e-invoice journey steers it through its test controls over HTTP: refuse the next
// invoice, fail the next calls (an outage), and read what it issued.

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

/** An invoice the provider issued (its request body left out). */
export type E2eIssuedInvoice = Omit<IssuedTestInvoice, 'body'>;

async function control<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${e2eSInvoicePort()}/__test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`SInvoice test control ${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The worker's SInvoice test server, steered over HTTP. */
export const sinvoice = {
  /** Every invoice it issued, in order. */
  invoices: () => control<E2eIssuedInvoice[]>('invoices'),
  /** Refuse the next create with a validation error in SInvoice's shape. */
  rejectNext: (errorCode: string, description: string) => control('reject-next', { errorCode, description }),
  /** Answer the next `count` calls (any: login, lookup, create) with this status: an outage as the job sees it. */
  failNext: (count: number, status = 503) => control('fail-next', { count, status }),
};
