import { stockReportsApi, warehouseApi, warehouseEntriesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute, type ExportColumn } from '../../http/list-route.js';
import { createEntry, entryList, postEntries, removeEntries, updateEntry } from './entries.js';
import { itemStockList, itemStockTotals, onHandList, stockScope, type ItemStockBody } from './stock.js';
import { postTransfer } from './transfer.js';
import { warehouseEntries } from './schema.js';

const onHandColumns: ExportColumn[] = [
  { key: 'location_code', header: 'Location Code' },
  { key: 'item_no', header: 'Item No.' },
  { key: 'variant_code', header: 'Variant Code' },
  { key: 'description', header: 'Description', width: 40 },
  { key: 'category_code', header: 'Category' },
  { key: 'unit_of_measure', header: 'Unit of Measure' },
  { key: 'quantity', header: 'Quantity' },
];
const itemStockColumns: ExportColumn[] = [
  { key: 'location_code', header: 'Location Code' },
  { key: 'item_no', header: 'Item No.' },
  { key: 'variant_code', header: 'Variant Code' },
  { key: 'description', header: 'Description', width: 40 },
  { key: 'unit_of_measure', header: 'Unit of Measure' },
  { key: 'opening', header: 'Opening' },
  { key: 'quantity_in', header: 'In' },
  { key: 'quantity_out', header: 'Out' },
  { key: 'closing', header: 'Closing' },
];

/** Warehouse entries, transfers, on hand, item stock and the stock reports (README.md here). */
export function warehouseRoutes(r: Router) {
  listRoute(r, warehouseEntriesApi.list, {
    spec: entryList,
    scope: (s) => s.franchise(warehouseEntries.franchise_code),
    sheet: 'Warehouse Entries',
    columns: [
      { key: 'id', header: 'Entry No.' },
      { key: 'posting_date', header: 'Posting Date', format: 'date' },
      { key: 'entry_type', header: 'Entry Type' },
      { key: 'location_code', header: 'Location Code' },
      { key: 'item_no', header: 'Item No.' },
      { key: 'variant_code', header: 'Variant Code' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'unit_of_measure', header: 'Unit of Measure' },
      { key: 'quantity', header: 'Quantity' },
      { key: 'reason_code', header: 'Reason' },
      { key: 'status', header: 'Status' },
      { key: 'document_no', header: 'Document No.' },
    ],
  });
  r.route(warehouseEntriesApi.create, ({ body, auth, services }) =>
    services.db.transaction((tx) => createEntry(tx, auth, body)),
  );
  r.route(warehouseEntriesApi.update, ({ body, auth, services }) =>
    services.db.transaction((tx) => updateEntry(tx, auth, body)),
  );
  r.route(warehouseEntriesApi.remove, ({ body, auth, services }) =>
    services.db.transaction((tx) => removeEntries(tx, auth, body)),
  );
  r.route(warehouseEntriesApi.post, ({ body, auth, services }) =>
    services.db.transaction((tx) => postEntries(tx, auth, body)),
  );

  r.route(warehouseApi.transfer, ({ body, auth, services }) =>
    services.db.transaction((tx) => postTransfer(tx, auth, body)),
  );
  const onHand = onHandList(r.services.config.itemImagePathUrl);
  for (const [op, sheet] of [
    [warehouseApi.onHand, 'On Hand'],
    [stockReportsApi.onHand, 'On Hand'],
  ] as const)
    listRoute(r, op, { spec: onHand, scope: stockScope, sheet, columns: onHandColumns });
  for (const [op, sheet] of [
    [warehouseApi.itemStock, 'Item Stock'],
    [stockReportsApi.inventory, 'Inventory'],
  ] as const)
    listRoute(r, op, {
      spec: (auth, body) => itemStockList(auth, body as ItemStockBody),
      scope: stockScope,
      sheet,
      columns: itemStockColumns,
    });
  r.route(warehouseApi.itemStockTotals, ({ body, auth, services }) => itemStockTotals(services.db, auth, body));
  r.route(warehouseApi.pathConfig, async ({ services }) =>
    Promise.resolve({ image_path_url: services.config.itemImagePathUrl }),
  );
}
