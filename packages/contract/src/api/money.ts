import {
  bankAccountEntry,
  bankAccountEntryAdd,
  cashbookBalance,
  cashbookBalanceRequest,
  cashbookRequest,
  cashbookRow,
  remainingAmountHistoryRow,
} from '../money.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { bankAccountEntriesOps, cashbookOps, remainingAmountHistoryOps } from '../ops/money.js';

/** bankAccountEntries: the schemas of each operation, keyed like bankAccountEntriesOps. */
export const bankAccountEntriesSchemas = {
  list: { item: bankAccountEntry },
  add: { body: bankAccountEntryAdd, response: bankAccountEntry },
} satisfies SchemasOf<typeof bankAccountEntriesOps>;
export const bankAccountEntriesApi = joinOps(bankAccountEntriesOps, bankAccountEntriesSchemas);

/** cashbook: the schemas of each operation, keyed like cashbookOps. */
export const cashbookSchemas = {
  list: { body: cashbookRequest, item: cashbookRow },
  balance: { body: cashbookBalanceRequest, response: cashbookBalance },
} satisfies SchemasOf<typeof cashbookOps>;
export const cashbookApi = joinOps(cashbookOps, cashbookSchemas);

/** remainingAmountHistory: the schemas of each operation, keyed like remainingAmountHistoryOps. */
export const remainingAmountHistorySchemas = {
  list: { item: remainingAmountHistoryRow },
} satisfies SchemasOf<typeof remainingAmountHistoryOps>;
export const remainingAmountHistoryApi = joinOps(remainingAmountHistoryOps, remainingAmountHistorySchemas);
