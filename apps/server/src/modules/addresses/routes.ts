import ExcelJS from 'exceljs';
import { addressesApi, shippingAgentsApi, shippingAgentServicesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { runList } from '../../http/list.js';
import {
  addressTableFilter,
  addressUnitList,
  createShippingAgentService,
  createTemporaryShippingAgentService,
  ensureAddressUnits,
  listShippingAgents,
  shippingAgentServiceList,
  updateShippingAgentService,
} from './service.js';
import { unscoped } from '../../http/scope.js';

/** Who may maintain shipping agent services (calls.md 7.7). */
export const SHIPPING_PAGE = '/shippingAgentServices';

export function addressRoutes(r: Router) {
  r.route(addressesApi.filter, async ({ body, services }) => {
    await ensureAddressUnits(services.db);
    const { table_code, use_local: _local, ...list } = body;
    return runList(services.db, addressUnitList, list, addressTableFilter(table_code));
  });

  r.route(addressesApi.filterExport, async ({ body, services, reply }) => {
    await ensureAddressUnits(services.db);
    const { table_code, use_local: _local, ...list } = body;
    // At most 696 rows: one page of the whole filtered set, no streaming needed.
    const all = await runList(
      services.db,
      addressUnitList,
      { ...list, pagination: { page: 1, size: 1000 } },
      addressTableFilter(table_code),
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet(table_code === 'post_code' ? 'Post Codes' : 'Districts');
    ws.columns = [
      { header: 'Code', key: 'code', width: 10 },
      { header: 'Name', key: 'name', width: 24 },
      { header: 'Full Name', key: 'full_name', width: 32 },
      { header: 'Type', key: 'type', width: 14 },
      { header: 'Post Code', key: 'post_code', width: 10 },
      { header: 'Province', key: 'province_name', width: 24 },
    ];
    ws.getRow(1).font = { bold: true };
    for (const u of all.items) ws.addRow(u);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${table_code}.xlsx"`)
      .send(file);
  });

  r.route(shippingAgentsApi.all, async ({ services }) => {
    await ensureAddressUnits(services.db);
    return listShippingAgents(services.db);
  });
  listRoute(r, shippingAgentServicesApi.list, {
    spec: shippingAgentServiceList,
    scope: unscoped('shipping agent services: the same for every franchise'),
    sheet: 'Shipping Agent Services',
    columns: [
      { key: 'shipping_agent_code', header: 'Shipping Agent' },
      { key: 'code', header: 'Code' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'post_code', header: 'Post Code' },
      { key: 'district_code', header: 'District Code' },
      { key: 'is_temporary', header: 'Temporary', format: 'boolean' },
    ],
  });
  r.route(shippingAgentServicesApi.create, async ({ body, services }) => {
    await ensureAddressUnits(services.db);
    return createShippingAgentService(services.db, body);
  });
  r.route(shippingAgentServicesApi.temporary, async ({ body, services }) => {
    await ensureAddressUnits(services.db);
    return services.db.transaction((tx) => createTemporaryShippingAgentService(tx, body));
  });
  r.route(shippingAgentServicesApi.update, async ({ body, services }) => {
    await ensureAddressUnits(services.db);
    return updateShippingAgentService(services.db, body);
  });
}
