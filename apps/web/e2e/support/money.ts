import { expect, type Locator, type Page } from '@playwright/test';
import { makeData, uniq, type Api } from '../fixtures';
import { DetailPage, choose } from './pages';

export { choose } from './pages';

/** The money screens (issue 11) a money user is granted, with edit. */
export const MONEY_PAGES = ['/payment', '/payment/history', '/bankAccountEntries', '/reports/cashbook'] as const;

/** Money through the real API: users of a store holding the money screens, receipts added and processed. */
export function moneyApi(api: Api) {
  return {
    /** A Store Manager of `customer_no` holding the money screens (edit) and nothing else. */
    user: async (customer_no = 'HN001') => {
      const u = await makeData(api).user({ role: 'Store Manager', customer_no });
      await api.post('/api/page-permissions', {
        name: `E2E money ${uniq()}`,
        permission_type: 'edit',
        pages: MONEY_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' })),
        users: [u.user_id],
      });
      return { username: u.username, password: 'Passw0rd1' };
    },
    /** A receipt added and processed (POST /api/cash-receipts, then /process). */
    paid: async (body: Record<string, unknown>) => {
      const r = await api.post<{ receipt_id: number; receipt_no: string }>('/api/cash-receipts', body);
      await api.post('/api/cash-receipts/process', { receipt_id: r.receipt_id, to_post: true });
      return r;
    },
  };
}

/** /payment: find an order or a customer, fill the payment, add it, process it. */
export class PaymentScreen extends DetailPage {
  constructor(page: Page) {
    super(page);
  }
  get form(): Locator {
    return this.page.locator('form#payment');
  }
  async goto() {
    await this.page.goto('/payment');
    await expect(this.heading('Payments')).toBeVisible();
  }
  async findOrder(no: string) {
    await this.page.getByText('Order', { exact: true }).click();
    await this.page.getByLabel('Order No', { exact: true }).fill(no);
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByTestId('payment-target')).toContainText(no);
  }
  async findCustomer(phoneOrNo: string) {
    await this.page.getByText('Customer', { exact: true }).click();
    await this.page.getByLabel('Mobile phone or customer no', { exact: true }).fill(phoneOrNo);
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByTestId('payment-target')).toBeVisible();
  }
  override field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }
  async choose(label: string, option: string) {
    await choose(this.page, this.form, label, option);
  }
  async add() {
    await this.form.getByRole('button', { name: 'Add Payment' }).click();
    await this.toasts.expect('Add Payment Successfully!');
  }
  /** The receipt just added, with its fields, VietQR or schedule. */
  get current(): Locator {
    return this.page.getByTestId('current-receipt');
  }
  get remaining(): Locator {
    return this.page.getByTestId('order-remaining');
  }
  get receipts(): Locator {
    return this.page.getByTestId('payment-receipts').locator('tbody tr.ant-table-row');
  }
  /** Processes the receipt just added: asked first, then "Process Payment Successfully!". */
  async processCurrent() {
    await this.current.getByRole('button', { name: 'Process' }).click();
    await this.confirm.expectText('Process the receipt');
    await this.confirm.accept('Process');
    await this.toasts.expect('Process Payment Successfully!');
    await expect(this.current).toContainText('Processed');
  }
}
