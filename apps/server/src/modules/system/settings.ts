import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { counterSettingsDefaults, type Config, type CounterSettings } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { settings } from './schema.js';
import { stampNow } from '../../db/clock.js';

type Stored = {
  maintenance_mode: boolean;
  maintenance_noti: string;
  shop_url: string;
  allow_negative_stock: boolean;
} & CounterSettings;
const defaults: Stored = {
  maintenance_mode: false,
  maintenance_noti: '',
  shop_url: '',
  allow_negative_stock: false,
  ...counterSettingsDefaults,
};

export async function readSettings(db: DbOrTx): Promise<Stored> {
  return settingsFrom(await db.select().from(settings));
}

/**
 * Every setting as one JSON object ({key: value}), for a posting that reads them in the statement that locks its
 * document; settingsFrom(jsonOf(...)) answers what readSettings does.
 */
export const settingsJsonSql = (): SQL =>
  sql`(select coalesce(json_object_agg(${settings.key}, ${settings.value}), '{}'::json) from ${settings})`;

/** The settings from their stored rows (or the {key: value} object of settingsJsonSql), defaults filled in. */
export function settingsFrom(rows: readonly { key: string; value: unknown }[] | Record<string, unknown>): Stored {
  const list = Array.isArray(rows) ? rows : Object.entries(rows).map(([key, value]) => ({ key, value }));
  const out: Record<string, unknown> = { ...defaults };
  // drizzle's jsonb reader JSON.parses a string value once more ("500" comes back as 500): a setting whose
  // default is a string is a string.
  for (const r of list)
    out[r.key] =
      typeof defaults[r.key as keyof Stored] === 'string' && typeof r.value !== 'string' ? String(r.value) : r.value;
  return out as Stored;
}

export async function writeSettings(db: DbOrTx, values: Partial<Stored>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: stampNow() } });
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
    allow_negative_stock: s.allow_negative_stock,
    loyalty_point_value: s.loyalty_point_value,
    loyalty_earn_rates: s.loyalty_earn_rates,
    loyalty_referral_points: s.loyalty_referral_points,
    birthday_discount_percent: s.birthday_discount_percent,
    max_line_discount_percent: s.max_line_discount_percent,
  };
}

/** The counter's settings (issue 9), read inside the caller's transaction. */
export async function counterSettings(db: DbOrTx): Promise<CounterSettings> {
  const s = await readSettings(db);
  return {
    loyalty_point_value: s.loyalty_point_value,
    loyalty_earn_rates: s.loyalty_earn_rates,
    loyalty_referral_points: s.loyalty_referral_points,
    birthday_discount_percent: s.birthday_discount_percent,
    max_line_discount_percent: s.max_line_discount_percent,
  };
}

/** The stock rule's switch (issue 8): shipping more than is on hand is refused unless this is on. */
export async function allowNegativeStock(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'allow_negative_stock'));
  return row?.value === true;
}

export type MaintenanceState = { on: boolean; notice: string };

export async function maintenanceState(db: DbOrTx): Promise<MaintenanceState> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['maintenance_mode', 'maintenance_noti']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return value('maintenance_mode')
    ? { on: true, notice: String(value('maintenance_noti') ?? '') }
    : { on: false, notice: '' };
}

/**
 * The maintenance flag every request checks, cached in the process: dropped at once when it is changed through the
 * API here (`invalidate()`), and re-read after `ttlMs`, so another process sees a change soon.
 */
export class MaintenanceFlag {
  private cache: { state: MaintenanceState; at: number } | null = null;
  private generation = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs = 1000,
  ) {}

  /** The flag while its cached value is fresh, without a query; null when `get` must read it. */
  cached(): MaintenanceState | null {
    return this.cache && Date.now() - this.cache.at < this.ttlMs ? this.cache.state : null;
  }

  async get(): Promise<MaintenanceState> {
    const fresh = this.cached();
    if (fresh) return fresh;
    const generation = this.generation;
    const state = await maintenanceState(this.db);
    // A change made while this read was under way must not be overwritten by the older value.
    if (generation === this.generation) this.cache = { state, at: Date.now() };
    return state;
  }

  invalidate() {
    this.generation++;
    this.cache = null;
  }
}
