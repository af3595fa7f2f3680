import type { TestApp, Client } from '../../../../test/helpers.js';
import { franchises, locations } from '../../franchises/schema.js';

/** A franchise with one store, written straight to the database (the franchises module owns its API). */
export async function makeFranchise(t: TestApp, code: string, locationCode = `${code}-S1`) {
  await t.services.db
    .insert(franchises)
    .values({ customer_no: code, name: `Franchise ${code}` })
    .onConflictDoNothing();
  await t.services.db
    .insert(locations)
    .values({ location_code: locationCode, customer_no: code, name: `Store ${locationCode}` })
    .onConflictDoNothing();
  return { franchise_code: code, location_code: locationCode };
}

let phoneSeq = 0;
/** A fresh valid Vietnamese mobile number per call (09 + 8 digits). */
export const nextPhone = () => `09${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

/** Creates a temporary customer through the API; overrides win. */
export async function makeCustomer(client: Client, o: Record<string, unknown> = {}) {
  const res = await client.post<{
    customer_no: string;
    phone_no: string;
    referral_code: string;
    franchise_code: string;
    version: number;
  }>('/api/customers/temporary', {
    name: 'Nguyễn Văn An',
    phone_no: nextPhone(),
    ...o,
  });
  if (res.statusCode !== 201) throw new Error(`customer create failed: ${res.body}`);
  return res.data;
}

/** Page grants of the POS customer screen. */
export const customerPages = (level: 'view' | 'edit') => [{ page_url: '/customers', permission_type: level }];
