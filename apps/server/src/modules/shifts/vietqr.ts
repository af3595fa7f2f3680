import { and, eq } from 'drizzle-orm';
import {
  noBankAccountMessage,
  vietQrPayload,
  vietQrPurpose,
  vietQrAmount,
  vietQrBankName,
  type VietQr,
} from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError, businessRule } from '../../http/errors.js';
import type { Scope } from '../../http/scope.js';
import { franchises } from '../franchises/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { salesOrders } from '../sales/schema.js';

// VietQR (issue 11): a transfer to the franchise's bank account (franchises.bank_bin, bank_account_no,
// bank_account_name) of the exact amount, the order number in the purpose (packages/contract/src/vietqr.ts).

const notFoundOn = (what: string, field: string) => new AppError(404, 'not_found', `${what} not found`, field);

/** The VietQR of a transfer of `amount` for `reference` (an order number) to the franchise's account, or null. */
export async function franchiseVietQr(
  db: DbOrTx,
  franchiseCode: string,
  reference: string,
  amount: string,
): Promise<VietQr | null> {
  const [f] = await db
    .select({
      bank_bin: franchises.bank_bin,
      bank_account_no: franchises.bank_account_no,
      bank_account_name: franchises.bank_account_name,
    })
    .from(franchises)
    .where(eq(franchises.customer_no, franchiseCode));
  if (!f || !/^\d{6}$/.test(f.bank_bin) || !/^[A-Za-z0-9]{1,19}$/.test(f.bank_account_no)) return null;
  const purpose = vietQrPurpose(reference);
  return {
    payload: vietQrPayload({ bin: f.bank_bin, accountNo: f.bank_account_no, amount, purpose }),
    bank_bin: f.bank_bin,
    bank_name: vietQrBankName(f.bank_bin),
    bank_account_no: f.bank_account_no,
    bank_account_name: f.bank_account_name,
    amount: `${vietQrAmount(amount)}.00`,
    purpose,
  };
}

/**
 * GET /api/cash-receipts/vietqr: `receipt_id` (the receipt's amount and order, or its own number without one), or
 * `pos_so_no` and `amount`. Another franchise's receipt or order is 404; a receipt that pays nothing (a refund) and a
 * franchise without a bank account are 422.
 */
export async function vietQrFor(
  db: DbOrTx,
  scope: Scope,
  q: { receipt_id?: number; pos_so_no?: string; amount?: string },
): Promise<VietQr> {
  let franchiseCode: string;
  let reference: string;
  let amount: string;
  if (q.receipt_id !== undefined) {
    const [r] = await db
      .select()
      .from(cashReceipts)
      .where(and(eq(cashReceipts.receipt_id, q.receipt_id), scope.franchise(cashReceipts.franchise_code)));
    if (!r) throw notFoundOn('Cash receipt', 'receipt_id');
    if (Number(r.amount) < 1)
      throw businessRule(`Cash receipt ${r.receipt_no} pays nothing to the store`, 'no_amount', 'receipt_id');
    franchiseCode = r.franchise_code;
    reference = r.pos_so_no || r.receipt_no;
    amount = r.amount;
  } else {
    const [o] = await db
      .select({ franchise_code: salesOrders.franchise_code })
      .from(salesOrders)
      .where(
        and(
          eq(salesOrders.pos_so_no, q.pos_so_no!),
          eq(salesOrders.document_type, 'order'),
          scope.franchise(salesOrders.franchise_code),
        ),
      );
    if (!o) throw notFoundOn('Sales order', 'pos_so_no');
    franchiseCode = o.franchise_code;
    reference = q.pos_so_no!;
    amount = q.amount!;
  }
  const qr = await franchiseVietQr(db, franchiseCode, reference, amount);
  if (!qr) throw businessRule(noBankAccountMessage(franchiseCode), 'no_bank_account', 'franchise_code');
  return qr;
}
