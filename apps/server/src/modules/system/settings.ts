import { eq, sql } from 'drizzle-orm';
import type { Config } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { settings } from './schema.js';

type Stored = { maintenance_mode: boolean; maintenance_noti: string; shop_url: string };
const defaults: Stored = { maintenance_mode: false, maintenance_noti: '', shop_url: '' };

export async function readSettings(db: DbOrTx): Promise<Stored> {
  const rows = await db.select().from(settings);
  const out: Record<string, unknown> = { ...defaults };
  for (const r of rows) out[r.key] = r.value;
  return out as Stored;
}

export async function writeSettings(db: DbOrTx, values: Partial<Stored>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: sql`now()` } });
  }
}

export async function publicConfig(db: DbOrTx, config: AppConfig): Promise<Config> {
  const s = await readSettings(db);
  return {
    maintenance_mode: s.maintenance_mode,
    maintenance_noti: s.maintenance_noti,
    erp_mode: config.erpMode,
    shop_mode: config.shopMode,
    drive_mode: config.driveMode,
    shop_url: s.shop_url || config.shopUrl,
    default_vendor_no: config.defaultVendorNo,
    default_vendor_name: config.defaultVendorName,
    business_time_zone: config.businessTimeZone,
  };
}

export async function maintenanceState(db: DbOrTx): Promise<{ on: boolean; notice: string }> {
  const rows = await db.select().from(settings).where(eq(settings.key, 'maintenance_mode'));
  if (!rows[0]?.value) return { on: false, notice: '' };
  const [n] = await db.select().from(settings).where(eq(settings.key, 'maintenance_noti'));
  return { on: true, notice: String(n?.value ?? '') };
}
