import { Banks, QRPay } from 'vietnam-qr-pay';
import { z } from 'zod';
import { id } from './common.js';
import { moneyInput } from './catalogue-common.js';
import { messages } from './validators.js';

// VietQR (issue 11): the NAPAS EMVCo payload a customer's bank app scans to pay a transfer — the store's bank (BIN)
// and account, the exact amount and the order number in the purpose. Built with `vietnam-qr-pay` (a dynamic QR,
// point of initiation 12, because it carries an amount), which also decodes and checks the CRC.

/**
 * The bank of a BIN as a customer knows it, from vietnam-qr-pay's bank list: "ACB – Ngân hàng TMCP Á Châu";
 * the BIN itself for a bank the list does not know.
 */
export function vietQrBankName(bin: string): string {
  const bank = Banks.find((b) => b.bin === bin && !b.deprecated) ?? Banks.find((b) => b.bin === bin);
  return bank ? `${bank.shortName} – ${bank.name}` : bin;
}

/** EMVCo "purpose of transaction" (additional data 62, sub-field 08) holds at most 25 characters. */
export const VIETQR_PURPOSE_MAX = 25;

/** Bank apps keep transfer content plain: no Vietnamese marks (đ → d), only letters, digits, space and '-'. */
function plainText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The transfer content of an order's payment: "TT <order no>" ("thanh toán"), the number alone when that is too long. */
export function vietQrPurpose(posSoNo: string): string {
  const no = plainText(posSoNo);
  const withPrefix = `TT ${no}`;
  return withPrefix.length <= VIETQR_PURPOSE_MAX ? withPrefix : no;
}

/** A VND amount for the QR: a whole number of dong ("150000.00" → "150000"; half a dong and more rounds up). */
export function vietQrAmount(amount: string | number): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`VietQR amount must be a positive decimal, not ${JSON.stringify(amount)}`);
  let whole = BigInt(m[1]!);
  if ((m[2] ?? '').charAt(0) >= '5') whole += 1n;
  if (whole <= 0n) throw new Error('VietQR amount must be at least 1 dong');
  return whole.toString();
}

export type VietQrInput = {
  /** NAPAS BIN of the bank, 6 digits (ACB 970416). */
  bin: string;
  accountNo: string;
  amount: string | number;
  purpose: string;
};

/** The EMVCo payload (text to put in a QR code) of a transfer of `amount` to the account, with its CRC. */
export function vietQrPayload({ bin, accountNo, amount, purpose }: VietQrInput): string {
  if (!/^\d{6}$/.test(bin)) throw new Error(`VietQR bank BIN must be 6 digits, not ${JSON.stringify(bin)}`);
  if (!/^[A-Za-z0-9]{1,19}$/.test(accountNo))
    throw new Error(`VietQR account number must be 1 to 19 letters or digits, not ${JSON.stringify(accountNo)}`);
  return QRPay.initVietQR({
    bankBin: bin,
    bankNumber: accountNo,
    amount: vietQrAmount(amount),
    // Never cut: an order number longer than the field still reaches the bank apps, which take longer content.
    purpose: plainText(purpose),
  }).build();
}

/** What a payload says (for tests and the screens' checks): null when it is no valid VietQR (bad format or CRC). */
export function decodeVietQr(
  payload: string,
): { bin: string; accountNo: string; amount: string; purpose: string; crc: string } | null {
  const q = new QRPay(payload);
  if (!q.isValid || q.provider.name !== 'VIETQR') return null;
  return {
    bin: q.consumer.bankBin ?? '',
    accountNo: q.consumer.bankNumber ?? '',
    amount: q.amount ?? '',
    purpose: q.additionalData.purpose ?? '',
    crc: q.crc ?? '',
  };
}

export * from './vietqr-messages.js';

/**
 * GET /api/cash-receipts/vietqr: either `receipt_id` (a receipt's amount and order), or `pos_so_no` and `amount`
 * (a payment about to be taken).
 */
export const vietQrQuery = z
  .object({
    receipt_id: id.optional(),
    pos_so_no: z.string().trim().max(40, messages.maxLength(40)).optional(),
    amount: moneyInput('amount').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.receipt_id !== undefined) return;
    if (!v.pos_so_no) ctx.addIssue({ code: 'custom', message: messages.required, path: ['pos_so_no'] });
    if (v.amount === undefined) ctx.addIssue({ code: 'custom', message: messages.required, path: ['amount'] });
    else if (Number(v.amount) < 1)
      ctx.addIssue({ code: 'custom', message: 'amount must be at least 1', path: ['amount'] });
  });
export type VietQrQuery = z.input<typeof vietQrQuery>;

export const vietQr = z.object({
  payload: z.string(),
  bank_bin: z.string(),
  /** The bank's name (vietQrBankName): what the panel shows instead of the BIN. */
  bank_name: z.string(),
  bank_account_no: z.string(),
  bank_account_name: z.string(),
  /** The amount in the QR, a whole number of dong with 2 decimals ("150000.00"). */
  amount: z.string(),
  purpose: z.string(),
});
export type VietQr = z.infer<typeof vietQr>;
