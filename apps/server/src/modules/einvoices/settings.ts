import { and, eq, sql } from 'drizzle-orm';
import { eInvoiceMessages, type FranchiseEInvoiceSettings, type franchiseEInvoiceSettingsUpdate } from '@fp/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, forbidden, notFound, staleVersion } from '../../http/errors.js';
import type { Auth } from '../../http/context.js';
import { franchises } from '../franchises/schema.js';
import { franchiseEInvoiceSettings } from './schema.js';

// A franchise's own SInvoice account (issue 21; README here): GET /api/franchises/{customer_no}/e-invoice-settings
// and PUT /api/franchises/e-invoice-settings. The posting and the job read the row each time (accountOf in
// runtime.ts), so the next e-invoice of the franchise is issued under what was saved last, in every process.

type Row = typeof franchiseEInvoiceSettings.$inferSelect;

const answer = (franchiseCode: string, row: Row | undefined): FranchiseEInvoiceSettings => ({
  franchise_code: franchiseCode,
  supplier_tax_code: row?.supplier_tax_code ?? '',
  seller_name: row?.seller_name ?? '',
  username: row?.username ?? '',
  // never the password itself
  password_set: !!row?.password,
  template_code: row?.template_code ?? '',
  invoice_series: row?.invoice_series ?? '',
  version: row?.version ?? 0,
  updated_at: row?.updated_at ?? null,
});

async function franchiseMustExist(db: DbOrTx, code: string) {
  const [f] = await db
    .select({ code: franchises.customer_no })
    .from(franchises)
    .where(eq(franchises.customer_no, code));
  if (!f) throw notFound('Franchise');
}

/** The franchise's own account (a store user: their own franchise; 404 for an unknown one). */
export async function getFranchiseEInvoiceSettings(
  db: DbOrTx,
  auth: Auth,
  customerNo: string,
): Promise<FranchiseEInvoiceSettings> {
  const code = customerNo.trim().toUpperCase();
  auth.scope.assert(code, 'Franchise');
  await franchiseMustExist(db, code);
  const [row] = await db
    .select()
    .from(franchiseEInvoiceSettings)
    .where(eq(franchiseEInvoiceSettings.franchise_code, code));
  return answer(code, row);
}

/**
 * Head office saves the franchise's account, carrying the version last read (0: none yet). An empty password keeps
 * the kept one; an empty username drops it (no own credentials without an own user).
 */
export async function putFranchiseEInvoiceSettings(
  db: DbOrTx,
  auth: Auth,
  input: z.output<typeof franchiseEInvoiceSettingsUpdate>,
): Promise<FranchiseEInvoiceSettings> {
  if (!auth.scope.all) throw forbidden(eInvoiceMessages.settingsHeadOffice);
  const { franchise_code: code, version, password, ...values } = input;
  return db.transaction(async (tx) => {
    await franchiseMustExist(tx, code);
    const [kept] = await tx
      .select()
      .from(franchiseEInvoiceSettings)
      .where(eq(franchiseEInvoiceSettings.franchise_code, code))
      .for('update');
    if ((kept?.version ?? 0) !== version) throw staleVersion();
    const newPassword = values.username ? password || (kept?.password ?? '') : '';
    if (values.username && !newPassword) throw badRequest(eInvoiceMessages.passwordRequired, 'password');
    const set = { ...values, password: newPassword };
    if (!kept) {
      const [row] = await tx
        .insert(franchiseEInvoiceSettings)
        .values({ franchise_code: code, ...set, version: 1 })
        .onConflictDoNothing()
        .returning();
      if (!row) throw staleVersion();
      return answer(code, row);
    }
    const [row] = await tx
      .update(franchiseEInvoiceSettings)
      .set({
        ...set,
        version: sql`${franchiseEInvoiceSettings.version} + 1`,
        updated_at: sql`now()`,
      })
      .where(and(eq(franchiseEInvoiceSettings.franchise_code, code), eq(franchiseEInvoiceSettings.version, version)))
      .returning();
    if (!row) throw staleVersion();
    return answer(code, row);
  });
}
