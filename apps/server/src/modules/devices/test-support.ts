import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers.js';
import { users } from '../auth/schema.js';
import { franchises, locations } from '../franchises/schema.js';

/** Builders for device tests: a franchise with its store locations, and a user's assigned device. */
export async function makeStore(t: TestApp, customerNo: string, locationCodes: string[]): Promise<void> {
  const db = t.services.db;
  await db
    .insert(franchises)
    .values({ customer_no: customerNo, name: `Cửa hàng ${customerNo}` })
    .onConflictDoNothing();
  for (const code of locationCodes) {
    await db
      .insert(locations)
      .values({ location_code: code, customer_no: customerNo, name: `Kho ${code}` })
      .onConflictDoNothing();
  }
}

export async function assignDevice(t: TestApp, userId: number, deviceId: number | null): Promise<void> {
  await t.services.db.update(users).set({ device_id: deviceId }).where(eq(users.user_id, userId));
}

export async function deviceIdOf(t: TestApp, userId: number): Promise<number | null> {
  const [u] = await t.services.db.select({ device_id: users.device_id }).from(users).where(eq(users.user_id, userId));
  return u.device_id;
}

export const printerBody = (over: Record<string, unknown> = {}) => ({
  location_code: 'HN001-01',
  device_type: 'PRINTER',
  device_name: 'Máy in quầy 1',
  device_code: 'PRN-HN-01',
  device_data: { ip: '192.168.1.50', port: 9100 },
  ...over,
});
