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
} from '@fp/contract';
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

export const FRANCHISE_PAGE = '/franchises';
const page = FRANCHISE_PAGE;

export function franchiseRoutes(r: Router) {
  listRoute(r, {
    url: '/franchises/filter',
    access: { page, level: 'view' },
    summary: 'Filter franchises (store users see their own)',
    item: franchise,
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
  r.route({
    method: 'GET',
    url: '/franchises/:customer_no',
    access: { page, level: 'view' },
    summary: 'One franchise with its stores',
    params: customerNoParam,
    response: franchiseDetail,
    handler: ({ params, auth, services }) => {
      assertFranchiseVisible(auth, params.customer_no);
      return getFranchiseDetail(services.db, params.customer_no);
    },
  });
  r.route({
    method: 'POST',
    url: '/franchises',
    access: { page, level: 'edit' },
    summary: 'Add a franchise (vendor defaults to DEFAULT_VENDOR_NO / DEFAULT_VENDOR_NAME)',
    body: franchiseCreate,
    response: franchise,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => {
      assertFranchiseVisible(auth, body.customer_no);
      return createFranchise(services.db, services.config, body);
    },
  });
  r.route({
    method: 'PUT',
    url: '/franchises',
    access: { page, level: 'edit' },
    summary: 'Update a franchise by customer_no (carries the version last read)',
    body: franchiseUpdate,
    response: franchise,
    handler: ({ body, auth, services }) => {
      assertFranchiseVisible(auth, body.customer_no);
      return updateFranchise(services.db, body);
    },
  });
  r.route({
    method: 'POST',
    url: '/franchises/delete',
    access: { page, level: 'edit' },
    summary: 'Delete franchises (all or none; refused while they have users or documents)',
    body: franchiseDelete,
    response: franchiseDeleteResult,
    handler: async ({ body, auth, services }) => {
      for (const c of body.customer_nos) assertFranchiseVisible(auth, c);
      const deleted = await services.db.transaction((tx) => deleteFranchises(tx, body.customer_nos));
      return { deleted };
    },
  });
  r.route({
    method: 'POST',
    url: '/franchises/sync',
    access: { page, level: 'edit' },
    summary: 'Refresh the franchise with this phone number from the ERP (logged in the sync log)',
    body: franchiseSync,
    response: z.object({ records: z.number().int(), message: z.string(), franchise: franchiseDetail }),
    handler: ({ body, auth, services }) => syncFranchiseByPhone(services, auth, body.phone_no),
  });
  r.route({
    method: 'POST',
    url: '/franchises/erp-customer',
    access: { page, level: 'view' },
    summary: 'Customer details from the ERP by customer_no or phone_no',
    body: erpCustomerQuery,
    response: erpCustomer,
    handler: ({ body, auth, services }) => erpCustomerDetails(services, auth, body),
  });
}
