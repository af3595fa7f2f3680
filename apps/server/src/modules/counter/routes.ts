import { and, eq } from 'drizzle-orm';
import { briefOfDocument } from '../einvoices/service.js';
import { counterSalesApi, type CounterSalePrice, type CounterSaleResult } from '@fp/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { runOnce, type Answer, type ClaimTable } from '../../http/idempotency.js';
import type { Router } from '../../http/route.js';
import { channelAccounts } from '../payments/routes.js';
import { getSalesOrder } from '../sales/load.js';
import { salesOrders } from '../sales/schema.js';
import { listRoute } from '../../http/list-route.js';
import { flaggedExportColumns, flaggedList, reviewFlaggedSale } from './flagged.js';
import { offlineDataOf } from './offline-data.js';
import { listNumberRanges, reserveNumberRange } from './ranges.js';
import { counterFranchise, counterFranchiseOf, postCounterSale, priceCounterSale, type PricedSale } from './sale.js';
import { counterSales } from './schema.js';

const COUNTER_SALE = 'Counter sale';

/**
 * The claims of counter sales (the exactly-once mechanism of http/idempotency.ts keyed by the body's client_id): one
 * row per client_id, whoever sends it, answered again to the selling franchise only (another franchise's client_id
 * is answered like a client_id used with another body).
 */
export function counterSaleClaims(auth: Auth, clientId: string, franchise: string): ClaimTable {
  const where = eq(counterSales.client_id, clientId);
  return {
    field: 'client_id',
    label: `client_id ${clientId}`,
    claim: async (tx, hash) =>
      (
        await tx
          .insert(counterSales)
          .values({ client_id: clientId, franchise_code: franchise, user_id: auth.userId, body_hash: hash, result: {} })
          .onConflictDoNothing()
          .returning({ client_id: counterSales.client_id })
      ).length > 0,
    seen: async (tx) => {
      const [row] = await tx.select().from(counterSales).where(where);
      if (!row || !auth.scope.sees(row.franchise_code)) return null;
      return { body_hash: row.body_hash, status: 201, response: { result: true, data: row.result, errors: [] } };
    },
    store: async (tx, response) => {
      const data = response.data as CounterSaleResult;
      const [stored] = await tx
        .update(counterSales)
        .set({ result: data, pos_so_no: data.pos_so_no })
        .where(where)
        .returning({ result: counterSales.result });
      return { ...response, data: stored.result } satisfies Answer['response'];
    },
  };
}

/** GET /api/counter-sales/{client_id}: the stored answer; never seen, or another franchise's, is 404. */
export async function getCounterSale(db: DbOrTx, auth: Auth, clientId: string): Promise<CounterSaleResult> {
  const [row] = await db
    .select({ result: counterSales.result })
    .from(counterSales)
    .where(and(eq(counterSales.client_id, clientId), auth.scope.franchise(counterSales.franchise_code)));
  if (!row) throw notFound(COUNTER_SALE);
  const sale = row.result as CounterSaleResult;
  // The e-invoice as it is now (issued after the sale answered): a reprint of the receipt shows its codes.
  return sale.pos_si_no ? { ...sale, e_invoice: await briefOfDocument(db, sale.pos_si_no) } : sale;
}

/** Thrown to roll the price call's transaction back once its answer is read. */
class PriceOnly extends Error {
  constructor(readonly answer: CounterSalePrice) {
    super('price only');
  }
}

/** Runs the sale's pricing steps in a transaction, reads the priced order and rolls everything back. */
async function pricedAndRolledBack(
  db: Db,
  price: (tx: Tx) => Promise<PricedSale>,
  auth: Auth,
): Promise<CounterSalePrice> {
  try {
    await db.transaction(async (tx) => {
      const { no, lines } = await price(tx);
      const order = await getSalesOrder(tx, auth.scope, no, { lines });
      throw new PriceOnly({ order: { ...order, pos_so_no: '' } });
    });
  } catch (err) {
    if (err instanceof PriceOnly) return err.answer;
    throw err;
  }
  throw new Error('unreachable: the price transaction always rolls back');
}

/** The counter (issue 18; README.md here). */
export function counterRoutes(r: Router) {
  const accounts = channelAccounts(r.services.config);
  r.route(counterSalesApi.create, async ({ body, auth, services }) => {
    const seller = await counterFranchise(services.db, auth.scope, body.location_code);
    const answer = await runOnce(
      services.db,
      counterSaleClaims(auth, body.client_id, seller.franchise),
      { body, status: 201 },
      (tx) => postCounterSale(tx, auth, accounts, seller, body),
    );
    return answer.response.data as CounterSaleResult;
  });
  r.route(counterSalesApi.price, async ({ body, auth, services }) => {
    const franchise = await counterFranchiseOf(services.db, auth.scope, body.location_code);
    return pricedAndRolledBack(services.db, (tx) => priceCounterSale(tx, auth, franchise, body), auth);
  });
  // Offline selling (issue 19): the device's number ranges, the data to sell offline, the flagged sales.
  r.route(counterSalesApi.reserveNumbers, async ({ body, auth, services }) => {
    const franchise = await counterFranchiseOf(services.db, auth.scope, body.location_code);
    return services.db.transaction((tx) => reserveNumberRange(tx, auth, franchise, body));
  });
  r.route(counterSalesApi.numberRanges, ({ query, auth, services }) =>
    listNumberRanges(services.db, auth, query.offline_device),
  );
  r.route(counterSalesApi.offlineData, async ({ query, auth, services }) => {
    const franchise = await counterFranchiseOf(services.db, auth.scope, query.location_code);
    return offlineDataOf(services.db, auth, franchise, query.location_code, query.offline_device);
  });
  listRoute(r, counterSalesApi.flaggedList, {
    spec: flaggedList,
    scope: (s) => s.franchise(salesOrders.franchise_code),
    sheet: 'Flagged counter sales',
    columns: flaggedExportColumns,
  });
  r.route(counterSalesApi.flaggedReview, ({ body, auth, services }) =>
    services.db.transaction((tx) => reviewFlaggedSale(tx, auth, body.pos_so_no)),
  );
  r.route(counterSalesApi.get, ({ params, auth, services }) => getCounterSale(services.db, auth, params.client_id));
}
