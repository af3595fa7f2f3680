import type { ErpCustomer } from '@fp/contract';
import { AppError } from '../../http/errors.js';
import type { Auth } from '../../http/context.js';
import type { Services } from '../../services.js';
import { getFranchiseDetail } from './service.js';

// calls.md 8: customer lookups answer with these messages.
export const NO_CUSTOMER_ID = 'No Customer Same ID! Please Try Again!';
export const NO_CUSTOMER_PHONE = 'No Customer Same Mobile Phone! Please Try Again!';

const userOf = (auth: Auth) => ({ id: auth.userId, username: auth.username });

/** POST /api/franchises/sync: the franchise with this phone, refreshed through the ERP port and logged. */
export async function syncFranchiseByPhone(services: Services, auth: Auth, phoneNo: string) {
  const found = await services.erp.franchises.findByPhone(phoneNo);
  if (!found || !auth.scope.sees(found.customer_no)) {
    throw new AppError(404, 'not_found', NO_CUSTOMER_PHONE, 'phone_no');
  }
  // The ERP port logs every sync in sync_logs.
  const result = await services.erp.franchises.sync(found.customer_no, { user: userOf(auth) });
  return { ...result, franchise: await getFranchiseDetail(services.db, found.customer_no) };
}

/** POST /api/franchises/erp-customer: by customer_no when given, else by phone_no. */
export async function erpCustomerDetails(
  services: Services,
  auth: Auth,
  q: { customer_no: string; phone_no: string },
): Promise<ErpCustomer> {
  const byNo = q.customer_no !== '';
  const c = byNo
    ? await services.erp.customers.get(q.customer_no.toUpperCase())
    : await services.erp.customers.findByPhone(q.phone_no);
  if (!c || !auth.scope.sees(c.customer_no)) {
    throw byNo
      ? new AppError(404, 'not_found', NO_CUSTOMER_ID, 'customer_no')
      : new AppError(404, 'not_found', NO_CUSTOMER_PHONE, 'phone_no');
  }
  const { system_id: _s, ...rest } = c;
  return rest;
}
