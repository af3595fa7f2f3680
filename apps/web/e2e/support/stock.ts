import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from '../fixtures';
import { ListPage, pickOption } from './pages';

export { pickOption };

/** The demo franchise's two stores (seed: franchises/seed.ts). */
export const STORE_1 = 'HN001-01';
export const STORE_2 = 'HN001-02';

export type StockEntry = { id: number; document_no: string; status: string; version: number };

type EntryInput = {
  item_no: string;
  quantity: string;
  location_code?: string;
  entry_type?: 'positive_adjmt' | 'negative_adjmt';
  posting_date?: string;
  reason_code?: string;
};

/** Stock through the real API: adjustments (the journal's add and post), on hand of an item per location. */
export function stockApi(api: Api) {
  const entry = (o: EntryInput) =>
    api.post<StockEntry>('/api/warehouse/entries', {
      franchise_code: 'HN001',
      location_code: o.location_code ?? STORE_1,
      item_no: o.item_no,
      entry_type: o.entry_type ?? 'positive_adjmt',
      quantity: o.quantity,
      reason_code: o.reason_code ?? 'E2E',
      ...(o.posting_date ? { posting_date: o.posting_date } : {}),
    });
  const post = (ids: number[]) => api.post<{ document_no: string }>('/api/warehouse/entries/post', { ids });
  return {
    entry,
    post,
    /** An adjustment added and posted. */
    adjust: async (o: EntryInput) => post([(await entry(o)).id]),
    /** On hand of an item per location (positions at 0 left out). */
    onHand: async (item_no: string) => {
      const r = await api.list<{ location_code: string; quantity: string }>('/api/warehouse/on-hand', { item_no });
      return Object.fromEntries(r.items.map((i) => [i.location_code, Number(i.quantity)]));
    },
  };
}

/** A date `days` from today as the date pickers and the API take it. */
export function dayOffset(days: number) {
  const d = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000); // the business day (UTC+7)
  const iso = d.toISOString().slice(0, 10);
  const [y, m, dd] = iso.split('-');
  return { iso, display: `${dd}-${m}-${y}` };
}

/** The warehouse entry journal (/warehouseEntries) over the list page object. */
export class JournalPage extends ListPage {
  constructor(page: Page) {
    super(page);
  }
  async openJournal() {
    await this.page.goto('/warehouseEntries');
    // The screen's chunk loads on its route: give a busy machine its time.
    await expect(this.heading('Warehouse Entries')).toBeVisible({ timeout: 90_000 });
    await expect(this.table).toBeVisible();
  }
  /** The toolbar's segmented switch between open and posted entries. */
  async show(which: 'Open entries' | 'Posted entries') {
    await this.page.getByText(which, { exact: true }).click();
  }
  /** Selects the rows holding `text` (their checkbox). */
  async select(text: string | RegExp) {
    const rows = this.row(text);
    const n = await rows.count();
    for (let i = 0; i < n; i++) await rows.nth(i).getByRole('checkbox').check();
  }
  /**
   * Adds an entry through the dialog: location, item (typed, picked from the lookup), type, quantity, reason; an
   * optional posting date (DD-MM-YYYY).
   */
  async add(o: {
    location: string;
    item: string;
    type?: 'Positive Adjustment' | 'Negative Adjustment';
    quantity: string;
    reason: string;
    date?: string;
  }) {
    await this.addNew().click();
    const dialog = this.dialog('New Warehouse Entry');
    await dialog.expectOpen();
    await this.fillEntry(dialog.root, o);
    await dialog.button('Save').click();
    await this.toasts.expect('Add Warehouse Entry Successfully!');
    await dialog.expectClosed();
  }
  async fillEntry(
    root: Locator,
    o: { location?: string; item?: string; type?: string; quantity?: string; reason?: string; date?: string },
  ) {
    if (o.location) await pickOption(this.page, root.getByRole('combobox', { name: 'Location' }), o.location);
    if (o.item) {
      const item = root.getByRole('combobox', { name: 'Item' });
      await item.fill(o.item);
      await this.page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: o.item })
        .first()
        .click();
      await expect(item).toHaveValue(o.item);
    }
    if (o.type) await pickOption(this.page, root.getByRole('combobox', { name: 'Entry Type' }), o.type);
    if (o.quantity !== undefined) await root.getByLabel('Quantity', { exact: true }).fill(o.quantity);
    if (o.reason !== undefined) await root.getByLabel('Reason', { exact: true }).fill(o.reason);
    if (o.date) {
      const date = root.getByLabel('Posting Date', { exact: true });
      await date.click();
      await date.fill(o.date);
      await date.press('Enter');
    }
  }
}

/** The on-hand report (/reports/onHand): the quantity shown for an item at a location ('' when no row). */
export async function onHandShown(list: ListPage, itemNo: string) {
  await list.page.goto('/reports/onHand');
  await expect(list.heading('On Hand')).toBeVisible({ timeout: 90_000 });
  await list.search({ 'Item No': itemNo });
  return (location: string) => list.row(location).filter({ hasText: itemNo }).locator('td').last();
}
