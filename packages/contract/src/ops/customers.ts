import { defineOps } from '../ops/meta.js';
import { MONEY_PAGES, POS_PAGES, REPORT_PAGES, WAREHOUSE_PAGES } from './page-groups.js';

/** customers: the zod-free half of the operation table (schemas in ../api/customers.ts). */
export const customersOps = defineOps('customers', {
  byPhone: {
    method: 'GET',
    path: '/customers/by-phone/:phone_no',
    access: {
      // /payment takes a payment on account for a customer found by phone (issue 11)
      page: [...POS_PAGES, '/payment'],
      level: 'view',
    },
    summary: 'Find a customer by mobile phone (head office may add ?franchise_code=)',
  },
  stores: {
    method: 'GET',
    path: '/customers/stores',
    access: {
      // the stock screens choose locations from it too (issue 10); the money screens, the shift screen, the sales
      // reports their franchise and location filters (issue 11)
      page: [...POS_PAGES, ...WAREHOUSE_PAGES, ...MONEY_PAGES, ...REPORT_PAGES, '/shifts'],
      level: 'view',
    },
    summary:
      'Franchises and stores the caller may create customers in or move stock between (a store user sees their own)',
  },
  get: {
    method: 'GET',
    path: '/customers/:customer_no',
    access: {
      page: [...POS_PAGES, '/payment'],
      level: 'view',
    },
    summary: 'Find a customer by customer number',
  },
  temporary: {
    method: 'POST',
    path: '/customers/temporary',
    access: {
      page: POS_PAGES,
      level: 'edit',
    },
    summary: 'Create a temporary customer at the counter (birth_date empty = 0001-01-01, country VNM)',
    status: 201,
    idempotent: true,
  },
  detailsPos: {
    method: 'POST',
    path: '/customers/details-pos',
    access: {
      page: POS_PAGES,
      level: 'view',
    },
    summary: 'Customer, ship-to addresses and loyalty balances for the POS (customer_no, or phone_no)',
  },
  birthdayPromotion: {
    method: 'GET',
    path: '/customers/:customer_no/birthday-promotion',
    access: {
      page: POS_PAGES,
      level: 'view',
    },
    summary: 'Whether the birthday promotion applies (birthday month, once per year); ?date=YYYY-MM-DD, default today',
  },
});

/** shipToAddresses: the zod-free half of the operation table (schemas in ../api/customers.ts). */
export const shipToAddressesOps = defineOps('shipToAddresses', {
  list: {
    method: 'POST',
    path: '/ship-to-addresses/filter',
    access: {
      page: POS_PAGES,
      level: 'view',
    },
    summary: 'Filter ship-to addresses',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/ship-to-addresses',
    access: {
      page: POS_PAGES,
      level: 'edit',
    },
    summary: 'Create a ship-to address (code SAnnn when empty)',
    status: 201,
    idempotent: true,
  },
  temporary: {
    method: 'POST',
    path: '/ship-to-addresses/temporary',
    access: {
      page: POS_PAGES,
      level: 'edit',
    },
    summary: 'Create a temporary ship-to address for the customer found by phone_no_customer',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/ship-to-addresses',
    access: {
      page: POS_PAGES,
      level: 'edit',
    },
    summary: 'Update a ship-to address (customer_no + code, with the version last read)',
  },
});

/** customerSetups: the zod-free half of the operation table (schemas in ../api/customers.ts). */
export const customerSetupsOps = defineOps('customerSetups', {
  list: {
    method: 'POST',
    path: '/customer-setups/filter',
    access: { page: '/customers/setup', level: 'view' },
    summary: 'Filter customer setups',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/customer-setups',
    access: { page: '/customers/setup', level: 'edit' },
    summary: 'Add a customer setup',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/customer-setups',
    access: { page: '/customers/setup', level: 'edit' },
    summary: 'Update a customer setup (id, with the version last read)',
  },
});

/** customerRecords: the zod-free half of the operation table (schemas in ../api/customers.ts). */
export const customerRecordsOps = defineOps('customerRecords', {
  list: {
    method: 'POST',
    path: '/customer-records/filter',
    access: { page: '/customers/records', level: 'view' },
    summary: 'Filter customer records',
    kind: 'list',
  },
  info: {
    method: 'POST',
    path: '/customer-records/info',
    access: { page: '/customers/records', level: 'view' },
    summary: 'One customer record with loyalty and ship-to addresses (phone_no, or customer_no)',
  },
  update: {
    method: 'PUT',
    path: '/customer-records',
    access: { page: '/customers/records', level: 'edit' },
    summary: 'Update a customer record (customer_no or phone_no, with the version last read)',
  },
  delete: {
    method: 'POST',
    path: '/customer-records/delete',
    access: { page: '/customers/records', level: 'edit' },
    summary: 'Delete a customer record without loyalty history (phone_no, or customer_no)',
  },
  referralCheck: {
    method: 'POST',
    path: '/customer-records/referral-check',
    access: {
      page: POS_PAGES,
      level: 'edit',
    },
    summary: 'New-customer referral check: valid once, claimed by the order (phone_no, pos_so_no)',
  },
});
