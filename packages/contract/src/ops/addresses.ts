import { defineOps } from '../ops/meta.js';

/** addresses: the zod-free half of the operation table (schemas in ../api/addresses.ts). */
export const addressesOps = defineOps('addresses', {
  filter: {
    method: 'POST',
    path: '/addresses/filter',
    access: 'authenticated',
    summary:
      'Post codes (provinces) or districts: table_code post_code | address_district; use_local reads the local copy of the official GSO codes',
  },
  filterExport: {
    method: 'POST',
    path: '/addresses/filter/export',
    access: 'authenticated',
    summary: 'Post codes or districts (same body as the filter) as an .xlsx file',
    kind: 'raw',
  },
});

/** shippingAgents: the zod-free half of the operation table (schemas in ../api/addresses.ts). */
export const shippingAgentsOps = defineOps('shippingAgents', {
  all: { method: 'GET', path: '/shipping-agents', access: 'authenticated', summary: 'Shipping agents (carriers)' },
});

/** shippingAgentServices: the zod-free half of the operation table (schemas in ../api/addresses.ts). */
export const shippingAgentServicesOps = defineOps('shippingAgentServices', {
  list: {
    method: 'POST',
    path: '/shipping-agent-services/filter',
    access: 'authenticated',
    summary: 'Filter shipping agent services',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/shipping-agent-services',
    access: { page: '/shippingAgentServices', level: 'edit' },
    summary: 'Create a shipping agent service',
    status: 201,
    idempotent: true,
  },
  temporary: {
    method: 'POST',
    path: '/shipping-agent-services/temporary',
    access: { page: '/shippingAgentServices', level: 'edit' },
    summary: 'Create a temporary shipping agent service (code TMPnnnn when empty)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/shipping-agent-services',
    access: { page: '/shippingAgentServices', level: 'edit' },
    summary: 'Update a shipping agent service (shipping_agent_code + code, with the version last read)',
  },
});
