import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_BUSINESS_TIME_ZONE, isValidTimeZone, languages, type Language } from '@fp/contract';

/** Everything the process reads from its environment, parsed once at start. */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a read replica of DATABASE_URL (PostgreSQL streaming replication); the reports that tolerate a
   * few seconds of lag read it (listRoute's `replica`, README "Several processes"). Unset: everything reads the primary.
   */
  databaseReadUrl: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  sessionTtlHours: number;
  logLevel: string;
  isTest: boolean;
  erpMode: string;
  shopMode: string;
  driveMode: string;
  shopUrl: string;
  defaultVendorNo: string;
  defaultVendorName: string;
  printerPorts: number[];
  printerAllowLoopback: boolean;
  jobPollMs: number;
  /** ERP_SYNC_EVERY_MINUTES: every so many minutes, each active sync table syncs what changed (0: never). */
  erpSyncEveryMinutes: number;
  webDist: string;
  buildId: string;
  /** TRUST_PROXY: the proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For is believed; none by default. */
  trustProxy: string[] | false;
  /** COOKIE_SECURE=true: cookies carry Secure (behind HTTPS). */
  cookieSecure: boolean;
  /**
   * DEVICE_COOKIE_SECRET: the HMAC key of the login device cookie; when unset, a key made once on the first start and
   * kept in the database (modules/auth/secrets.ts), so known devices stay known across restarts and processes.
   */
  deviceCookieSecret: string | undefined;
  /** JSON_BODY_LIMIT: the largest JSON request body in bytes (default 1 MiB; uploads have their own limit). */
  jsonBodyLimit: number;
  /** REQUEST_TIMEOUT_MS: a request's headers and body must arrive within it, else 408 (default 25 000). */
  requestTimeoutMs: number;
  /** MAINTENANCE_CACHE_MS: how long a process keeps the maintenance flag before reading it again (default 1000). */
  maintenanceCacheMs: number;
  /**
   * SESSION_CACHE_MS: how long a process may answer a session from memory (default 60 000; 0 reads it on every
   * request). Any change to sessions, users, roles or permissions empties the cache of every process at once.
   */
  sessionCacheMs: number;
  /** IANA zone of the business day (BUSINESS_TIME_ZONE, default Asia/Ho_Chi_Minh): every "today", date filter and displayed time. */
  businessTimeZone: string;
  /** ITEM_IMAGE_PATH_URL: where item pictures are (`<url>/<item_no>.jpg`, GET /api/warehouse/path-config); '' = none. */
  itemImagePathUrl: string;
  /** PAYOO_CUSTOMER_NO: the fixed customer account payoo receipts post their customer ledger entry to (issue 11). */
  payooCustomerNo: string;
  /** VIETTEL_CUSTOMER_NO: the fixed customer account viettel receipts post their customer ledger entry to (issue 11). */
  viettelCustomerNo: string;
  /** LOW_STOCK_THRESHOLD: the home page lists a store's items on hand at or below it (default 5; a decimal ≥ 0). */
  lowStockThreshold: string;
  /** DEFAULT_LANGUAGE: the interface language of a user who has not chosen one (en or vi; default en). */
  defaultLanguage: Language;
  env: Record<string, string | undefined>;
};

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : /^(1|true|yes|on)$/i.test(v);

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const businessTimeZone = env.BUSINESS_TIME_ZONE || DEFAULT_BUSINESS_TIME_ZONE;
  if (!isValidTimeZone(businessTimeZone))
    throw new Error(
      `BUSINESS_TIME_ZONE: unknown time zone ${businessTimeZone} (an IANA name such as Asia/Ho_Chi_Minh)`,
    );
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: databaseReadUrl(env),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    logLevel: env.LOG_LEVEL ?? 'info',
    isTest: env.NODE_ENV === 'test',
    erpMode: env.ERP_MODE ?? 'standalone',
    shopMode: env.SHOP_MODE ?? 'none',
    driveMode: env.DRIVE_MODE ?? 'local',
    shopUrl: env.SHOP_URL ?? '',
    defaultVendorNo: env.DEFAULT_VENDOR_NO ?? 'V-HO-0001',
    defaultVendorName: env.DEFAULT_VENDOR_NAME ?? 'Head Office Trading Co., Ltd.',
    printerPorts: (env.PRINTER_PORTS ?? '9100')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
    printerAllowLoopback: bool(env.PRINTER_ALLOW_LOOPBACK, false),
    jobPollMs: Number(env.JOB_POLL_MS ?? 1000),
    erpSyncEveryMinutes: nonNegativeInt(env.ERP_SYNC_EVERY_MINUTES, 0),
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    buildId: env.BUILD_ID ?? randomBytes(6).toString('hex'),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    deviceCookieSecret: env.DEVICE_COOKIE_SECRET || undefined,
    jsonBodyLimit: positiveInt(env.JSON_BODY_LIMIT, 1024 * 1024),
    requestTimeoutMs: positiveInt(env.REQUEST_TIMEOUT_MS, 25_000),
    maintenanceCacheMs: Number(env.MAINTENANCE_CACHE_MS ?? 1000),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 60_000),
    businessTimeZone,
    itemImagePathUrl: (env.ITEM_IMAGE_PATH_URL ?? '').trim(),
    payooCustomerNo: env.PAYOO_CUSTOMER_NO?.trim() || 'KH-PAYOO',
    viettelCustomerNo: env.VIETTEL_CUSTOMER_NO?.trim() || 'KH-VIETTEL',
    lowStockThreshold: lowStockThreshold(env.LOW_STOCK_THRESHOLD),
    defaultLanguage: defaultLanguage(env.DEFAULT_LANGUAGE),
    env,
  };
}

function databaseReadUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.DATABASE_READ_URL?.trim();
  if (!url) return undefined;
  if (!env.DATABASE_URL)
    throw new Error('DATABASE_READ_URL: a read replica needs DATABASE_URL (the embedded database has no replica)');
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_READ_URL must be a postgres:// URL');
  return url;
}

/** A whole number > 0, else the default. */
function nonNegativeInt(v: string | undefined, dflt: number): number {
  if (v === undefined || v.trim() === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`ERP_SYNC_EVERY_MINUTES must be a whole number of minutes (0: never)`);
  return n;
}

function positiveInt(v: string | undefined, dflt: number): number {
  const n = Number((v ?? '').trim());
  return Number.isSafeInteger(n) && n > 0 ? n : dflt;
}

/** A decimal ≥ 0 with at most 5 decimals (a quantity); anything else is the default 5. */
function lowStockThreshold(v: string | undefined): string {
  const t = (v ?? '').trim();
  return /^\d{1,12}(\.\d{1,5})?$/.test(t) ? t : '5';
}

function defaultLanguage(v: string | undefined): Language {
  const t = (v ?? '').trim().toLowerCase();
  if (!t) return 'en';
  const found = languages.find((l) => l === t);
  if (!found) throw new Error(`DEFAULT_LANGUAGE must be one of ${languages.join(', ')}`);
  return found;
}

function trustedProxies(v: string | undefined): string[] | false {
  const list = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}
