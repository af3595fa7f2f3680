import { z } from 'zod';
import {
  customer,
  customerDetailsPos,
  customerDetailsRequest,
  customerKey,
  customerNoPathParam,
  customerRecord,
  customerRecordInfo as customerRecordInfoSchema,
  customerRecordUpdate,
  customerSetup,
  customerSetupCreate,
  customerSetupUpdate,
  customerStore,
  customerTemporaryCreate,
  franchiseQuery,
  phoneParam,
  referralCheckRequest,
  referralCheckResult,
} from '../customers.js';
import { birthdayPromotionEligibility, birthdayPromotionQuery } from '../loyalty.js';
import { shipToAddress, shipToAddressCreate, shipToAddressTemporaryCreate, shipToAddressUpdate } from '../addresses.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { customersOps, shipToAddressesOps, customerSetupsOps, customerRecordsOps } from '../ops/customers.js';

/** customers: the schemas of each operation, keyed like customersOps. */
export const customersSchemas = {
  byPhone: { params: phoneParam, query: franchiseQuery, response: customer },
  stores: { response: z.array(customerStore) },
  get: { params: customerNoPathParam, response: customer },
  temporary: { body: customerTemporaryCreate, response: customer },
  detailsPos: { body: customerDetailsRequest, response: customerDetailsPos },
  birthdayPromotion: {
    params: customerNoPathParam,
    query: birthdayPromotionQuery,
    response: birthdayPromotionEligibility,
  },
} satisfies SchemasOf<typeof customersOps>;

/** customers: meta and schemas of each operation, as the server registers them. */
export const customersApi = joinOps(customersOps, customersSchemas);

/** shipToAddresses: the schemas of each operation, keyed like shipToAddressesOps. */
export const shipToAddressesSchemas = {
  list: { item: shipToAddress },
  create: { body: shipToAddressCreate, response: shipToAddress },
  temporary: { body: shipToAddressTemporaryCreate, response: shipToAddress },
  update: { body: shipToAddressUpdate, response: shipToAddress },
} satisfies SchemasOf<typeof shipToAddressesOps>;

/** shipToAddresses: meta and schemas of each operation, as the server registers them. */
export const shipToAddressesApi = joinOps(shipToAddressesOps, shipToAddressesSchemas);

/** customerSetups: the schemas of each operation, keyed like customerSetupsOps. */
export const customerSetupsSchemas = {
  list: { item: customerSetup },
  create: { body: customerSetupCreate, response: customerSetup },
  update: { body: customerSetupUpdate, response: customerSetup },
} satisfies SchemasOf<typeof customerSetupsOps>;

/** customerSetups: meta and schemas of each operation, as the server registers them. */
export const customerSetupsApi = joinOps(customerSetupsOps, customerSetupsSchemas);

/** customerRecords: the schemas of each operation, keyed like customerRecordsOps. */
export const customerRecordsSchemas = {
  list: { item: customerRecord },
  info: { body: customerKey, response: customerRecordInfoSchema },
  update: { body: customerRecordUpdate, response: customerRecord },
  delete: { body: customerKey, response: z.object({ ok: z.boolean(), customer_no: z.string() }) },
  referralCheck: { body: referralCheckRequest, response: referralCheckResult },
} satisfies SchemasOf<typeof customerRecordsOps>;

/** customerRecords: meta and schemas of each operation, as the server registers them. */
export const customerRecordsApi = joinOps(customerRecordsOps, customerRecordsSchemas);
