import type { Router } from '../http/route.js';
import { authRoutes } from './auth/routes.js';
import { systemRoutes } from './system/routes.js';
import { cancelReasonRoutes } from './cancel-reasons/routes.js';
import { syncRoutes } from './sync/routes.js';
import { franchiseRoutes } from './franchises/routes.js';
import { numberSeriesRoutes } from './number-series/routes.js';
import { deviceRoutes } from './devices/routes.js';
import { driveRoutes } from './drive/routes.js';
import { itemDocumentRoutes } from './item-documents/routes.js';
import { accessRoutes } from './access/routes.js';
import { userRoutes } from './users/routes.js';
import { addressRoutes } from './addresses/routes.js';
import { customerRoutes } from './customers/routes.js';
import { loyaltyRoutes } from './loyalty/routes.js';
import { itemRoutes } from './items/routes.js';
import { itemPriceRoutes } from './item-prices/routes.js';
import { categoryRoutes } from './categories/routes.js';
import { shopRoutes } from './shop/routes.js';
import { salesRoutes } from './sales/routes.js';
import { registerSalesPostingRoutes } from './sales/posting-routes.js';
import { paymentRoutes } from './payments/routes.js';
import { moneyRoutes } from './money/routes.js';
import { promotionRoutes } from './promotions/routes.js';
import { feeRoutes } from './fees/routes.js';
import { salesFeeRoutes } from './sales/fee-routes.js';
import { printJobRoutes } from './devices/print-job-routes.js';
import { purchaseOrderRoutes } from './purchasing/routes.js';
import { warehouseRoutes } from './warehouse/routes.js';
import { reportRoutes } from './reports/routes.js';
import { consignmentRoutes } from './consignment/routes.js';
import { registerPurchasePostingRoutes } from './purchasing/posting-routes.js';
import { shiftRoutes } from './shifts/routes.js';
import { counterRoutes } from './counter/routes.js';
import { eInvoiceRoutes } from './einvoices/routes.js';

/** Each business area registers its routes here (one line per module). */
export const modules: ((r: Router) => void | Promise<void>)[] = [
  authRoutes,
  systemRoutes,
  cancelReasonRoutes,
  syncRoutes,
  franchiseRoutes,
  numberSeriesRoutes,
  deviceRoutes,
  accessRoutes,
  userRoutes,
  driveRoutes,
  itemDocumentRoutes,
  addressRoutes,
  customerRoutes,
  loyaltyRoutes,
  itemRoutes,
  itemPriceRoutes,
  categoryRoutes,
  shopRoutes,
  salesRoutes,
  registerSalesPostingRoutes,
  paymentRoutes,
  moneyRoutes,
  promotionRoutes,
  feeRoutes,
  salesFeeRoutes,
  printJobRoutes,
  purchaseOrderRoutes,
  warehouseRoutes,
  consignmentRoutes,
  registerPurchasePostingRoutes,
  shiftRoutes,
  counterRoutes,
  eInvoiceRoutes,
  reportRoutes,
];
