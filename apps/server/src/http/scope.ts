import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { databaseKey, preparedSql } from '../db/prepared.js';
import { changesOf } from '../db/change-notices.js';
import { jsonOf } from '../db/rows.js';
import { users } from '../modules/auth/schema.js';
import { customers } from '../modules/customers/schema.js';
import { franchises, locations } from '../modules/franchises/schema.js';
import { AppError, notFound } from './errors.js';

/** A column (or SQL expression) holding a franchise code, a location code or a customer number. */
type Col = SQLWrapper;

/**
 * What a scope check throws for a record outside the caller's franchise, the module's own not-found: a 404 of that
 * entity, an error, or a function making it (built only when thrown).
 */
export type NotFound = AppError | string | (() => AppError);

const toError = (e: NotFound, field?: string) =>
  typeof e === 'string' ? withField(notFound(e), field) : typeof e === 'function' ? e() : e;
const withField = (e: AppError, field?: string) =>
  field ? new AppError(e.status, e.code, e.message, field, e.extra) : e;

/**
 * Franchise scoping in one place (DEVELOPING.md "Franchise scoping"). Built once per request from the session
 * (`auth.scope`). A store user sees only their franchise (its locations, its customers); head office and
 * Administrators (franchiseCode null) see everything, so every predicate is `undefined` for them.
 *
 * The one rule: a record of another franchise is answered exactly like a record that does not exist (404 with the
 * module's own not-found message), for reads and for writes, so existence is never leaked.
 */
export class Scope {
  constructor(readonly franchiseCode: string | null) {}

  /** Head office / Administrators: no franchise restriction. */
  get all(): boolean {
    return this.franchiseCode === null;
  }

  /** Rows whose franchise column (a franchise's customer_no) is the caller's. */
  franchise(col: Col): SQL | undefined {
    return this.franchiseCode === null ? undefined : eq(col as never, this.franchiseCode);
  }

  /** Rows for every franchise (null) or for the caller's (e.g. prices valid for all franchises). */
  franchiseOrShared(col: Col): SQL | undefined {
    return this.franchiseCode === null ? undefined : or(isNull(col as never), eq(col as never, this.franchiseCode));
  }

  /** Rows whose location column is one of the caller's stores (a franchise's locations, or its own code: the main store). */
  location(col: Col): SQL | undefined {
    const f = this.franchiseCode;
    if (f === null) return undefined;
    return sql`(${col} = ${f} or ${col} in (select ${locations.location_code} from ${locations} where ${locations.customer_no} = ${f}))`;
  }

  /** Rows whose customer column is a customer of the caller's franchise (an order's customer, a ledger's). */
  customer(col: Col): SQL | undefined {
    const f = this.franchiseCode;
    if (f === null) return undefined;
    return sql`${col} in (select ${customers.customer_no} from ${customers} where ${customers.franchise_code} = ${f})`;
  }

  /** Rows whose user column is a user of the caller's franchise (who made a document, an api log row). */
  user(col: Col): SQL | undefined {
    const f = this.franchiseCode;
    if (f === null) return undefined;
    return sql`${col} in (select ${users.user_id} from ${users} where ${users.customer_no} = ${f})`;
  }

  /** Whether a record of this franchise is visible; a record of no franchise (null) is head office's. */
  sees(franchiseCode: string | null | undefined): boolean {
    return this.franchiseCode === null || franchiseCode === this.franchiseCode;
  }

  /** One record's franchise: another franchise's record is `missing` (the module's not-found), never a 403. */
  assert(franchiseCode: string | null | undefined, missing: NotFound): void {
    if (!this.sees(franchiseCode)) throw toError(missing);
  }

  /**
   * The franchise a write names in its body. A store user may only name their own (or none: it defaults to their
   * own); another franchise is "Franchise not found" (404), exactly as an unknown one. Head office names any
   * existing franchise; `undefined` when it names none.
   */
  async own(db: DbOrTx, requested: string | null | undefined, field = 'franchise_code'): Promise<string | undefined> {
    const code = requested?.trim() || undefined;
    if (this.franchiseCode !== null) {
      if (code && code !== this.franchiseCode) throw withField(notFound('Franchise'), field);
      return this.franchiseCode;
    }
    if (!code) return undefined;
    const [f] = await db
      .select({ code: franchises.customer_no })
      .from(franchises)
      .where(eq(franchises.customer_no, code));
    if (!f) throw withField(notFound('Franchise'), field);
    return f.code;
  }

  /** A location a body or path names: it must exist and be one of the caller's stores, else `missing` (404). */
  async assertLocation(
    db: DbOrTx,
    locationCode: string,
    missing: NotFound = 'Location',
    field = 'location_code',
  ): Promise<string> {
    const f = (await franchisesOfLocations(db)).get(locationCode);
    if (!f || !this.sees(f)) throw toError(missing, field);
    return f;
  }

  /**
   * Several locations at once (a document's lines), one query: each must exist and be one of the caller's stores,
   * else `missing(code)` (404) for the first one that is not.
   */
  async assertLocations(db: DbOrTx, locationCodes: readonly string[], missing: (code: string) => NotFound) {
    const codes = [...new Set(locationCodes)];
    if (codes.length === 0) return;
    const of = await franchisesOfLocations(db);
    for (const code of codes) {
      const f = of.get(code);
      if (!f || !this.sees(f)) throw toError(missing(code));
    }
  }

  /** A customer a body or path names: it must exist and belong to the caller's franchise, else `missing` (404). */
  async assertCustomer(
    db: DbOrTx,
    customerNo: string,
    missing: NotFound = 'Customer',
    field = 'customer_no',
  ): Promise<string> {
    const [c] = await db
      .select({ f: customers.franchise_code })
      .from(customers)
      .where(and(eq(customers.customer_no, customerNo), this.franchise(customers.franchise_code)));
    if (!c) throw toError(missing, field);
    return c.f;
  }
}

/**
 * Every location code with its franchise, and every franchise's own code (its main store) with itself, as one json
 * object; `committed`: the transaction has written nothing yet, so what it read is committed data.
 */
const allLocations = preparedSql<{ map: unknown; committed: boolean }>(
  'fp_location_franchises',
  () => sql`select coalesce(json_object_agg(m.code, m.f), '{}'::json) as map,
      pg_current_xact_id_if_assigned() is null as committed
    from (select ${locations.location_code} as code, ${locations.customer_no} as f from ${locations}
      union all
      select ${franchises.customer_no}, ${franchises.customer_no} from ${franchises}
       where not exists (select 1 from ${locations} where ${locations.location_code} = ${franchises.customer_no})) m`,
);

/** A safety net only: the `locations` change notice is what keeps the map right. */
const LOCATION_MAP_MAX_AGE_MS = 60_000;

/**
 * The franchise scope's map of locations, read whole (one statement, a few thousand rows at most) and kept per
 * database until a location or franchise changes (the `locations` change notice of migration
 * 0039_locations_change_notice, heard by every process: db/change-notices.ts), so a scope check asks the database
 * nothing. Kept only when read outside any write: a transaction that has written may see its own rows, which a
 * rollback would take back without a notice; its map serves that call alone. A database without notices (not
 * opened by openDatabase) is read on every call.
 */
class LocationMap {
  private map: Map<string, string> | null = null;
  private at = 0;
  private generation = 0;

  constructor(private readonly watched: boolean) {}

  invalidate() {
    this.generation++;
    this.map = null;
  }

  async get(db: DbOrTx): Promise<Map<string, string>> {
    if (this.map && Date.now() - this.at < LOCATION_MAP_MAX_AGE_MS) return this.map;
    const generation = this.generation;
    const [row] = await allLocations(db);
    const map = new Map(Object.entries(jsonOf<Record<string, string>>(row.map)));
    // A change announced while this read was under way must not be overwritten by the older map.
    if (this.watched && row.committed && generation === this.generation) [this.map, this.at] = [map, Date.now()];
    return map;
  }
}

const locationMaps = new WeakMap<object, LocationMap>();
function locationMapOf(db: DbOrTx): LocationMap {
  const key = databaseKey(db);
  let m = locationMaps.get(key);
  if (!m) {
    const changes = changesOf(db);
    locationMaps.set(key, (m = new LocationMap(changes !== undefined)));
    changes?.on('locations', () => m!.invalidate());
  }
  return m;
}

/** The franchise of each location code (a franchise's own code: itself); unknown codes are absent. */
function franchisesOfLocations(db: DbOrTx): Promise<Map<string, string>> {
  return locationMapOf(db).get(db);
}

/** Every list must decide: a predicate from the caller's scope, or an explicit, named escape for global data. */
export type Unscoped = { readonly unscoped: string };

/** A list that is the same for every franchise (catalogue, categories, provinces…): say why. */
export const unscoped = (reason: string): Unscoped => ({ unscoped: reason });

export type ListScope = ((scope: Scope) => SQL | undefined) | Unscoped;

export const scopeWhere = (s: ListScope, scope: Scope): SQL | undefined =>
  typeof s === 'function' ? s(scope) : undefined;
