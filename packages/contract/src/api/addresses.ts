import { z } from 'zod';
import {
  addressFilterRequest,
  addressUnit,
  shippingAgent,
  shippingAgentService,
  shippingAgentServiceCreate,
  shippingAgentServiceTemporaryCreate,
  shippingAgentServiceUpdate,
} from '../addresses.js';
import { listResponse } from '../filter.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { addressesOps, shippingAgentsOps, shippingAgentServicesOps } from '../ops/addresses.js';

/** addresses: the schemas of each operation, keyed like addressesOps. */
export const addressesSchemas = {
  filter: { body: addressFilterRequest, response: listResponse(addressUnit) },
  filterExport: { body: addressFilterRequest },
} satisfies SchemasOf<typeof addressesOps>;

/** addresses: meta and schemas of each operation, as the server registers them. */
export const addressesApi = joinOps(addressesOps, addressesSchemas);

/** shippingAgents: the schemas of each operation, keyed like shippingAgentsOps. */
export const shippingAgentsSchemas = {
  all: { response: z.array(shippingAgent) },
} satisfies SchemasOf<typeof shippingAgentsOps>;

/** shippingAgents: meta and schemas of each operation, as the server registers them. */
export const shippingAgentsApi = joinOps(shippingAgentsOps, shippingAgentsSchemas);

/** shippingAgentServices: the schemas of each operation, keyed like shippingAgentServicesOps. */
export const shippingAgentServicesSchemas = {
  list: { item: shippingAgentService },
  create: { body: shippingAgentServiceCreate, response: shippingAgentService },
  temporary: { body: shippingAgentServiceTemporaryCreate, response: shippingAgentService },
  update: { body: shippingAgentServiceUpdate, response: shippingAgentService },
} satisfies SchemasOf<typeof shippingAgentServicesOps>;

/** shippingAgentServices: meta and schemas of each operation, as the server registers them. */
export const shippingAgentServicesApi = joinOps(shippingAgentServicesOps, shippingAgentServicesSchemas);
