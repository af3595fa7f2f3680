import { bankAccountEntriesApi, cashbookApi, remainingAmountHistoryApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { addBankEntry, bankEntryExportColumns, bankEntryList, entryOut } from './bank-entries.js';
import {
  cashbookBalance,
  cashbookCheck,
  cashbookExportColumns,
  cashbookList,
  cashbookScope,
  type CashbookBody,
} from './cashbook.js';
import {
  remainingAmountHistoryExportColumns,
  remainingAmountHistoryList,
  remainingAmountHistoryScope,
} from './history.js';
import { bankAccountEntries } from './schema.js';

/** Bank account entries, the cashbook and the remaining-amount history (README.md here). */
export function moneyRoutes(r: Router) {
  listRoute(r, bankAccountEntriesApi.list, {
    spec: bankEntryList,
    scope: (s) => s.franchise(bankAccountEntries.franchise_code),
    sheet: 'Bank Account Entries',
    columns: bankEntryExportColumns,
  });
  r.route(bankAccountEntriesApi.add, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => entryOut(await addBankEntry(tx, auth, body))),
  );
  listRoute(r, cashbookApi.list, {
    spec: (auth, body) => cashbookList(auth, body as CashbookBody),
    check: (db, auth, body) => cashbookCheck(db, auth, body as CashbookBody),
    scope: cashbookScope,
    sheet: 'Cashbook',
    columns: cashbookExportColumns,
  });
  r.route(cashbookApi.balance, ({ body, auth, services }) => cashbookBalance(services.db, auth, body));
  listRoute(r, remainingAmountHistoryApi.list, {
    spec: remainingAmountHistoryList,
    scope: remainingAmountHistoryScope,
    sheet: 'Remaining Amount History',
    columns: remainingAmountHistoryExportColumns,
  });
}
