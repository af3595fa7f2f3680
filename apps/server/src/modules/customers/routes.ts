import { check, messages, customersApi, shipToAddressesApi, customerSetupsApi, customerRecordsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
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
import {
  createShipToAddress,
  createTemporaryShipToAddress,
  shipToAddressList,
  updateShipToAddress,
} from './ship-to.js';
import { unscoped } from '../../http/scope.js';
import { customers, shipToAddresses } from './schema.js';

export function customerRoutes(r: Router) {
  r.route(customersApi.byPhone, async ({ params, query, auth, services }) => {
    if (!check.phone(params.phone_no.trim())) throw badRequest(messages.phone, 'phone_no');
    return toCustomer(await getCustomerByPhone(services.db, auth, params.phone_no, query.franchise_code));
  });
  r.route(customersApi.stores, ({ auth, services }) => storesFor(services.db, auth));
  r.route(customersApi.get, async ({ params, auth, services }) =>
    toCustomer(await getCustomerByNo(services.db, auth, params.customer_no)),
  );
  r.route(customersApi.temporary, async ({ body, auth, services }) => {
    await ensureAddressUnits(services.db);
    return services.db.transaction((tx) => createTemporaryCustomer(tx, auth, body));
  });
  r.route(customersApi.detailsPos, async ({ body, auth, services }) => {
    await ensureLoyaltySchemes(services.db);
    return detailsPos(services.db, auth, body);
  });
  r.route(customersApi.birthdayPromotion, async ({ params, query, auth, services }) =>
    birthdayEligibility(services.db, await getCustomerByNo(services.db, auth, params.customer_no), query.date),
  );

  // Ship-to addresses (calls.md 7.7).
  listRoute(r, shipToAddressesApi.list, {
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
  r.route(shipToAddressesApi.create, async ({ body, auth, services }) => {
    await ensureAddressUnits(services.db);
    return services.db.transaction((tx) => createShipToAddress(tx, auth, body));
  });
  r.route(shipToAddressesApi.temporary, async ({ body, auth, services }) => {
    await ensureAddressUnits(services.db);
    return services.db.transaction((tx) => createTemporaryShipToAddress(tx, auth, body));
  });
  r.route(shipToAddressesApi.update, async ({ body, auth, services }) => {
    await ensureAddressUnits(services.db);
    return updateShipToAddress(services.db, auth, body);
  });

  // Customer setup (product.md 3).
  listRoute(r, customerSetupsApi.list, {
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
  r.route(customerSetupsApi.create, ({ body, services }) => createCustomerSetup(services.db, body));
  r.route(customerSetupsApi.update, ({ body, services }) => updateCustomerSetup(services.db, body));

  // Customer records.
  listRoute(r, customerRecordsApi.list, {
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
  r.route(customerRecordsApi.info, async ({ body, auth, services }) => {
    await ensureLoyaltySchemes(services.db);
    return customerRecordInfo(services.db, auth, body);
  });
  r.route(customerRecordsApi.update, async ({ body, auth, services }) => {
    await ensureAddressUnits(services.db);
    return updateCustomerRecord(services.db, auth, body);
  });
  r.route(customerRecordsApi.delete, ({ body, auth, services }) =>
    services.db.transaction((tx) => deleteCustomerRecord(tx, auth, body)),
  );
  r.route(customerRecordsApi.referralCheck, ({ body, auth, services }) =>
    services.db.transaction((tx) => checkNewCustomerReferral(tx, auth, body)),
  );
}
