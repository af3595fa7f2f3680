import type { SInvoiceAccount } from './config.js';
import type { SInvoiceCreateBody } from './sinvoice-payload.js';

/** What the provider answers for an issued e-invoice (kept exactly as it answered it). */
export type IssuedEInvoice = {
  invoiceNo: string;
  transactionId: string;
  reservationCode: string;
  codeOfTax: string;
  /** The provider's issue time, when it says (ms since epoch). */
  issuedAtMs: number | null;
};

/** The provider cannot be reached or answered 5xx / 429 / a timeout: the job retries (the invoice stays pending). */
export class EInvoiceUnavailableError extends Error {
  override readonly name = 'EInvoiceUnavailableError';
}

/** The provider refused the invoice (validation, a wrong account): the e-invoice fails with its message. */
export class EInvoiceRejectedError extends Error {
  override readonly name = 'EInvoiceRejectedError';
  constructor(
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

/** The e-invoice provider (EINVOICE_MODE=sinvoice: Viettel SInvoice). */
export interface EInvoiceProvider {
  /** The invoice the provider holds under this transactionUuid, or null: not created (send it). */
  lookup(account: SInvoiceAccount, transactionUuid: string): Promise<IssuedEInvoice | null>;
  /** Creates (issues) the invoice. */
  create(account: SInvoiceAccount, body: SInvoiceCreateBody): Promise<IssuedEInvoice>;
}
