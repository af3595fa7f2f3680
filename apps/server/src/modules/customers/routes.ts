import {
  birthdayPromotionEligibility,
  birthdayPromotionQuery,
  check,
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
  messages,
  phoneParam,
  referralCheckRequest,
  referralCheckResult,
  shipToAddress,
  shipToAddressCreate,
  shipToAddressTemporaryCreate,
  shipToAddressUpdate,
} from '@fp/contract';
import { z } from 'zod';
import type { Router } from '../../http/route.js';
import { unscoped } from '../../http/scope.js';
import { listRoute } from '../../http/list-route.js';
import { badRequest } from '../../http/errors.js';
import { ensureAddressUnits } from '../addresses/service.js';
import { birthdayEligibility, checkNewCustomerReferral, ensureLoyaltySchemes } from '../loyalty/service.js';
import { getCustomerByNo, getCustomerByPhone, storesFor } from './lookup.js';
import {
  createTemporaryCustomer,
  customerDetailsPos as detailsPos,
  customerRecordInfo,
  customerRecordList,
  deleteCustomerRecord,
  toCustomer,
  updateCustomerRecord,
} from './service.js';
import { createCustomerSetup, customerSetupList, updateCustomerSetup } from './setups.js';
import { createShipToAddress, createTemporaryShipToAddress, shipToAddressList, updateShipToAddress } from './ship-to.js';
import { customers, shipToAddresses } from './schema.js';

export const CUSTOMERS_PAGE = '/customers';
export const SETUP_PAGE = '/customers/setup';
export const RECORDS_PAGE = '/customers/records';

/** The counter screens that look up and create customers: the customer screen and the sales documents. */
export const POS_PAGES = [CUSTOMERS_PAGE, '/salesOrders', '/salesOrders/detail', '/salesQuotes', '/salesQuotes/detail', '/tablet/salesOrders', '/tablet/salesOrders/detail'] as const;
const pos = { view: { page: POS_PAGES, level: 'view' as const }, edit: { page: POS_PAGES, level: 'edit' as const } };
const records = { view: { page: RECORDS_PAGE, level: 'view' as const }, edit: { page: RECORDS_PAGE, level: 'edit' as const } };

export function customerRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/customers/by-phone/:phone_no',
    access: pos.view,
    summary: 'Find a customer by mobile phone (head office may add ?franchise_code=)',
    params: phoneParam,
    query: franchiseQuery,
    response: customer,
    handler: async ({ params, query, auth, services }) => {
      if (!check.phone(params.phone_no.trim())) throw badRequest(messages.phone, 'phone_no');
      return toCustomer(await getCustomerByPhone(services.db, auth, params.phone_no, query.franchise_code));
    },
  });
  r.route({
    method: 'GET',
    url: '/customers/stores',
    access: pos.view,
    summary: 'Franchises and stores the caller may create customers in (a store user sees their own)',
    response: z.array(customerStore),
    handler: ({ auth, services }) => storesFor(services.db, auth),
  });
  r.route({
    method: 'GET',
    url: '/customers/:customer_no',
    access: pos.view,
    summary: 'Find a customer by customer number',
    params: customerNoPathParam,
    response: customer,
    handler: async ({ params, auth, services }) => toCustomer(await getCustomerByNo(services.db, auth, params.customer_no)),
  });
  r.route({
    method: 'POST',
    url: '/customers/temporary',
    access: pos.edit,
    summary: 'Create a temporary customer at the counter (birth_date empty = 0001-01-01, country VNM)',
    body: customerTemporaryCreate,
    response: customer,
    status: 201,
    idempotent: true,
    handler: async ({ body, auth, services }) => {
      await ensureAddressUnits(services.db);
      return services.db.transaction((tx) => createTemporaryCustomer(tx, auth, body));
    },
  });
  r.route({
    method: 'POST',
    url: '/customers/details-pos',
    access: pos.view,
    summary: 'Customer, ship-to addresses and loyalty balances for the POS (customer_no, or phone_no)',
    body: customerDetailsRequest,
    response: customerDetailsPos,
    handler: async ({ body, auth, services }) => {
      await ensureLoyaltySchemes(services.db);
      return detailsPos(services.db, auth, body);
    },
  });
  r.route({
    method: 'GET',
    url: '/customers/:customer_no/birthday-promotion',
    access: pos.view,
    summary: 'Whether the birthday promotion applies (birthday month, once per year); ?date=YYYY-MM-DD, default today',
    params: customerNoPathParam,
    query: birthdayPromotionQuery,
    response: birthdayPromotionEligibility,
    handler: async ({ params, query, auth, services }) => birthdayEligibility(services.db, await getCustomerByNo(services.db, auth, params.customer_no), query.date),
  });

  // Ship-to addresses (calls.md 7.7).
  listRoute(r, {
    url: '/ship-to-addresses/filter',
    access: pos.view,
    summary: 'Filter ship-to addresses',
    item: shipToAddress,
    spec: shipToAddressList,
    scope: (s) => s.franchise(shipToAddresses.franchise_code),
    sheet: 'Ship-to Addresses',
    columns: [
      { key: 'customer_no', header: 'Customer No' },
      { key: 'code', header: 'Code' },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'address', header: 'Address', width: 40 },
      { key: 'district_name', header: 'District', width: 20 },
      { key: 'province_name', header: 'Province', width: 20 },
      { key: 'phone_no', header: 'Phone No' },
    ],
  });
  r.route({
    method: 'POST',
    url: '/ship-to-addresses',
    access: pos.edit,
    summary: 'Create a ship-to address (code SAnnn when empty)',
    body: shipToAddressCreate,
    response: shipToAddress,
    status: 201,
    idempotent: true,
    handler: async ({ body, auth, services }) => {
      await ensureAddressUnits(services.db);
      return services.db.transaction((tx) => createShipToAddress(tx, auth, body));
    },
  });
  r.route({
    method: 'POST',
    url: '/ship-to-addresses/temporary',
    access: pos.edit,
    summary: 'Create a temporary ship-to address for the customer found by phone_no_customer',
    body: shipToAddressTemporaryCreate,
    response: shipToAddress,
    status: 201,
    idempotent: true,
    handler: async ({ body, auth, services }) => {
      await ensureAddressUnits(services.db);
      return services.db.transaction((tx) => createTemporaryShipToAddress(tx, auth, body));
    },
  });
  r.route({
    method: 'PUT',
    url: '/ship-to-addresses',
    access: pos.edit,
    summary: 'Update a ship-to address (customer_no + code, with the version last read)',
    body: shipToAddressUpdate,
    response: shipToAddress,
    handler: async ({ body, auth, services }) => {
      await ensureAddressUnits(services.db);
      return updateShipToAddress(services.db, auth, body);
    },
  });

  // Customer setup (product.md 3).
  listRoute(r, {
    url: '/customer-setups/filter',
    access: { page: SETUP_PAGE, level: 'view' },
    summary: 'Filter customer setups',
    item: customerSetup,
    spec: customerSetupList,
    scope: unscoped('customer setups: head office settings, the same for every franchise'),
    sheet: 'Customer Setup',
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'prefix', header: 'Prefix' },
      { key: 'channel', header: 'Channel', width: 20 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/customer-setups',
    access: { page: SETUP_PAGE, level: 'edit' },
    summary: 'Add a customer setup',
    body: customerSetupCreate,
    response: customerSetup,
    status: 201,
    idempotent: true,
    handler: ({ body, services }) => createCustomerSetup(services.db, body),
  });
  r.route({
    method: 'PUT',
    url: '/customer-setups',
    access: { page: SETUP_PAGE, level: 'edit' },
    summary: 'Update a customer setup (id, with the version last read)',
    body: customerSetupUpdate,
    response: customerSetup,
    handler: ({ body, services }) => updateCustomerSetup(services.db, body),
  });

  // Customer records.
  listRoute(r, {
    url: '/customer-records/filter',
    access: records.view,
    summary: 'Filter customer records',
    item: customerRecord,
    spec: customerRecordList,
    scope: (s) => s.franchise(customers.franchise_code),
    sheet: 'Customer Records',
    columns: [
      { key: 'customer_no', header: 'Customer No' },
      { key: 'name', header: 'Name', width: 30 },
      { key: 'phone_no', header: 'Phone No', width: 14 },
      { key: 'email', header: 'Email', width: 25 },
      { key: 'address', header: 'Address', width: 40 },
      { key: 'district_name', header: 'District', width: 20 },
      { key: 'province_name', header: 'Province', width: 20 },
      { key: 'birth_date', header: 'Birth Date', format: 'date' },
      { key: 'franchise_code', header: 'Franchise' },
      { key: 'location_code', header: 'Location' },
      { key: 'referral_code', header: 'Referral Code' },
      { key: 'referred_by_code', header: 'Referred By' },
      { key: 'created_at', header: 'Created', format: 'datetime', width: 20 },
    ],
  });
  r.route({
    method: 'POST',
    url: '/customer-records/info',
    access: records.view,
    summary: 'One customer record with loyalty and ship-to addresses (phone_no, or customer_no)',
    body: customerKey,
    response: customerRecordInfoSchema,
    handler: async ({ body, auth, services }) => {
      await ensureLoyaltySchemes(services.db);
      return customerRecordInfo(services.db, auth, body);
    },
  });
  r.route({
    method: 'PUT',
    url: '/customer-records',
    access: records.edit,
    summary: 'Update a customer record (customer_no or phone_no, with the version last read)',
    body: customerRecordUpdate,
    response: customerRecord,
    handler: async ({ body, auth, services }) => {
      await ensureAddressUnits(services.db);
      return updateCustomerRecord(services.db, auth, body);
    },
  });
  r.route({
    method: 'POST',
    url: '/customer-records/delete',
    access: records.edit,
    summary: 'Delete a customer record without loyalty history (phone_no, or customer_no)',
    body: customerKey,
    response: z.object({ ok: z.boolean(), customer_no: z.string() }),
    handler: ({ body, auth, services }) => services.db.transaction((tx) => deleteCustomerRecord(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/customer-records/referral-check',
    access: pos.edit,
    summary: "New-customer referral check: valid once, claimed by the order (phone_no, pos_so_no)",
    body: referralCheckRequest,
    response: referralCheckResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => checkNewCustomerReferral(tx, auth, body)),
  });
}
