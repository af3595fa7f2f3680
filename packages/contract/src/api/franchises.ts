import { z } from 'zod';
import {
  customerNoParam,
  erpCustomer,
  erpCustomerQuery,
  franchise,
  franchiseCreate,
  franchiseDelete,
  franchiseDeleteResult,
  franchiseDetail,
  franchiseSync,
  franchiseUpdate,
} from '../franchises.js';
import { franchiseEInvoiceSettings, franchiseEInvoiceSettingsUpdate } from '../einvoices.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { franchisesOps } from '../ops/franchises.js';

/** franchises: the schemas of each operation, keyed like franchisesOps. */
export const franchisesSchemas = {
  list: { item: franchise },
  get: { params: customerNoParam, response: franchiseDetail },
  create: { body: franchiseCreate, response: franchise },
  update: { body: franchiseUpdate, response: franchise },
  delete: { body: franchiseDelete, response: franchiseDeleteResult },
  sync: {
    body: franchiseSync,
    response: z.object({ records: z.number().int(), message: z.string(), franchise: franchiseDetail }),
  },
  erpCustomer: { body: erpCustomerQuery, response: erpCustomer },
  eInvoiceSettings: { params: customerNoParam, response: franchiseEInvoiceSettings },
  updateEInvoiceSettings: { body: franchiseEInvoiceSettingsUpdate, response: franchiseEInvoiceSettings },
} satisfies SchemasOf<typeof franchisesOps>;

/** franchises: meta and schemas of each operation, as the server registers them. */
export const franchisesApi = joinOps(franchisesOps, franchisesSchemas);
