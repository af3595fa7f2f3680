import { franchisesApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import {
  assertFranchiseVisible,
  createFranchise,
  deleteFranchises,
  franchiseList,
  getFranchiseDetail,
  updateFranchise,
} from './service.js';
import { erpCustomerDetails, syncFranchiseByPhone } from './sync.js';
import { franchises } from './schema.js';
import { getFranchiseEInvoiceSettings, putFranchiseEInvoiceSettings } from '../einvoices/settings.js';

export const FRANCHISE_PAGE = '/franchises';

export function franchiseRoutes(r: Router) {
  listRoute(r, franchisesApi.list, {
    spec: franchiseList,
    scope: (s) => s.franchise(franchises.customer_no),
    sheet: 'Franchises',
    columns: [
      { key: 'customer_no', header: 'Customer No' },
      { key: 'name', header: 'Name', width: 32 },
      { key: 'phone_no', header: 'Phone No', width: 14 },
      { key: 'email', header: 'Email', width: 26 },
      { key: 'address', header: 'Address', width: 36 },
      { key: 'district_name', header: 'District', width: 20 },
      { key: 'city', header: 'City', width: 18 },
      { key: 'region_code', header: 'Region Code' },
      { key: 'vendor_no', header: 'Vendor No' },
      { key: 'vendor_name', header: 'Vendor Name', width: 30 },
      { key: 'consignment_location_code', header: 'Consignment Location' },
      { key: 'is_active', header: 'Active', format: 'boolean' },
      { key: 'updated_at', header: 'Updated', format: 'datetime', width: 20 },
    ],
  });
  r.route(franchisesApi.get, ({ params, auth, services }) => {
    assertFranchiseVisible(auth, params.customer_no);
    return getFranchiseDetail(services.db, params.customer_no);
  });
  r.route(franchisesApi.create, ({ body, auth, services }) => {
    assertFranchiseVisible(auth, body.customer_no);
    return createFranchise(services.db, services.config, body);
  });
  r.route(franchisesApi.update, ({ body, auth, services }) => {
    assertFranchiseVisible(auth, body.customer_no);
    return updateFranchise(services.db, body);
  });
  r.route(franchisesApi.delete, async ({ body, auth, services }) => {
    for (const c of body.customer_nos) assertFranchiseVisible(auth, c);
    const deleted = await services.db.transaction((tx) => deleteFranchises(tx, body.customer_nos));
    return { deleted };
  });
  r.route(franchisesApi.sync, ({ body, auth, services }) => syncFranchiseByPhone(services, auth, body.phone_no));
  r.route(franchisesApi.erpCustomer, ({ body, auth, services }) => erpCustomerDetails(services, auth, body));
  // a franchise's own SInvoice account (issue 21; einvoices/README.md)
  r.route(franchisesApi.eInvoiceSettings, ({ params, auth, services }) =>
    getFranchiseEInvoiceSettings(services.db, auth, params.customer_no),
  );
  r.route(franchisesApi.updateEInvoiceSettings, ({ body, auth, services }) =>
    putFranchiseEInvoiceSettings(services.db, auth, body),
  );
}
