import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  addressFilterRequest,
  addressUnit,
  listResponse,
  shippingAgent,
  shippingAgentService,
  shippingAgentServiceCreate,
  shippingAgentServiceTemporaryCreate,
  shippingAgentServiceUpdate,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
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

/** Who may maintain shipping agent services (calls.md 7.7). */
export const SHIPPING_PAGE = '/shippingAgentServices';

export function addressRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: '/addresses/filter',
    access: 'authenticated',
    summary: 'Post codes (provinces) or districts: table_code post_code | address_district; use_local reads the local copy of the official GSO codes',
    body: addressFilterRequest,
    response: listResponse(addressUnit),
    handler: async ({ body, services }) => {
      await ensureAddressUnits(services.db);
      const { table_code, use_local: _local, ...list } = body;
      return runList(services.db, addressUnitList, list, addressTableFilter(table_code));
    },
  });

  r.route({
    method: 'POST',
    url: '/addresses/filter/export',
    access: 'authenticated',
    summary: 'Post codes or districts (same body as the filter) as an .xlsx file',
    body: addressFilterRequest,
    raw: true,
    handler: async ({ body, services, reply }) => {
      await ensureAddressUnits(services.db);
      const { table_code, use_local: _local, ...list } = body;
      // At most 696 rows: one page of the whole filtered set, no streaming needed.
      const all = await runList(services.db, addressUnitList, { ...list, pagination: { page: 1, size: 1000 } }, addressTableFilter(table_code));
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
    },
  });

  r.route({
    method: 'GET',
    url: '/shipping-agents',
    access: 'authenticated',
    summary: 'Shipping agents (carriers)',
    response: z.array(shippingAgent),
    handler: async ({ services }) => {
      await ensureAddressUnits(services.db);
      return listShippingAgents(services.db);
    },
  });
  listRoute(r, {
    url: '/shipping-agent-services/filter',
    access: 'authenticated',
    summary: 'Filter shipping agent services',
    item: shippingAgentService,
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
  r.route({
    method: 'POST',
    url: '/shipping-agent-services',
    access: { page: SHIPPING_PAGE, level: 'edit' },
    summary: 'Create a shipping agent service',
    body: shippingAgentServiceCreate,
    response: shippingAgentService,
    status: 201,
    idempotent: true,
    handler: async ({ body, services }) => {
      await ensureAddressUnits(services.db);
      return createShippingAgentService(services.db, body);
    },
  });
  r.route({
    method: 'POST',
    url: '/shipping-agent-services/temporary',
    access: { page: SHIPPING_PAGE, level: 'edit' },
    summary: 'Create a temporary shipping agent service (code TMPnnnn when empty)',
    body: shippingAgentServiceTemporaryCreate,
    response: shippingAgentService,
    status: 201,
    idempotent: true,
    handler: async ({ body, services }) => {
      await ensureAddressUnits(services.db);
      return services.db.transaction((tx) => createTemporaryShippingAgentService(tx, body));
    },
  });
  r.route({
    method: 'PUT',
    url: '/shipping-agent-services',
    access: { page: SHIPPING_PAGE, level: 'edit' },
    summary: 'Update a shipping agent service (shipping_agent_code + code, with the version last read)',
    body: shippingAgentServiceUpdate,
    response: shippingAgentService,
    handler: async ({ body, services }) => {
      await ensureAddressUnits(services.db);
      return updateShippingAgentService(services.db, body);
    },
  });
}
