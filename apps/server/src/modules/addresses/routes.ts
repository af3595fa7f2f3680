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
import { listRoute } from '../../http/list-route.js';
import { runList } from '../../http/list.js';
import {
  addressScope,
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
      return runList(services.db, addressUnitList, list, addressScope(table_code));
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
      return createTemporaryShippingAgentService(services.db, body);
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
