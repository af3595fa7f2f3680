// calls.md 8 and 9: toast texts and durations.
export const TOAST_MS = { error: 0, warning: 15000, syncSuccess: 1000, success: 3000, info: 3000 } as const;
export const CHUNK_RELOAD_GUARD_MS = 10000;
export const SYNC_FAILED = 'Sync Failed!';

export type ToastEntity =
  | 'Franchise'
  | 'Customer'
  | 'Item Franchise'
  | 'Purchase Order'
  | 'Warehouse Entry'
  | 'Sales Order'
  | 'Payment'
  | 'Fee'
  | 'Device'
  | 'User'
  | 'Printer'
  | 'Page Structure'
  | 'Page Permission'
  | 'Bank Account Entry'
  | 'Cancel Reason'
  | 'Consignment'
  | (string & {});

/** "<Action> <Entity> Successfully!" */
export const successText = (action: string, entity: ToastEntity) => `${action} ${entity} Successfully!`;
/** What a printed document is called in its toast: "Print Sales Invoice Successfully!" (a test page: the printer). */
export const printedEntity = {
  quote: 'Sales Quote',
  order: 'Sales Order',
  shipment: 'Sales Shipment',
  invoice: 'Sales Invoice',
  receipt: 'Payment Receipt',
  test: 'Printer',
} as const satisfies Record<'quote' | 'order' | 'shipment' | 'invoice' | 'receipt' | 'test', ToastEntity>;

/** "<Action> <Entity> Failed!" */
export const failedText = (action: string, entity: ToastEntity) => `${action} ${entity} Failed!`;

export const loginErrors: Record<string, string> = {
  wrong_username_password: 'Username hoặc mật khẩu không đúng',
  system_error: 'Lỗi hệ thống ! Vui lòng kiểm tra lại kết nối hoặc liên hệ admin để được hỗ trợ.',
  wrong_old_password: 'Mật khẩu cũ chưa đúng vui lòng thử lại!',
};

export const customerLookupErrors = {
  byId: 'No Customer Same ID! Please Try Again!',
  byPhone: 'No Customer Same Mobile Phone! Please Try Again!',
} as const;

export const PRINTER_NOT_CONNECTED = 'not connected';
