import { expect, type Locator, type Page } from '@playwright/test';

// Page objects for the two screen patterns every area (and the coming documents) is built from: the list
// (components/ListPage.tsx) and the detail/dialog form with its action bar, confirm dialog and toasts.

/** Toasts (notifications) as the user reads them. */
export class Toasts {
  constructor(private readonly page: Page) {}
  /** The toast holding `text` (string: substring; RegExp: match). */
  get(text: string | RegExp): Locator {
    return this.page.locator('.ant-notification-notice').filter({ hasText: text });
  }
  async expect(text: string | RegExp) {
    await expect(this.get(text).first()).toBeVisible();
  }
  async expectNone(text: string | RegExp) {
    await expect(this.get(text)).toHaveCount(0);
  }
}

/** The confirm dialog of a destructive or every-record action (modal.confirm / Popconfirm). */
export class ConfirmDialog {
  constructor(private readonly page: Page) {}
  get root(): Locator {
    return this.page.locator('.ant-modal-confirm, .ant-popconfirm').filter({ visible: true }).last();
  }
  async expectText(text: string | RegExp) {
    await expect(this.root).toContainText(text);
  }
  async accept(okText?: string) {
    const button = okText ? this.root.getByRole('button', { name: okText }) : this.root.getByRole('button').last();
    try {
      await button.click({ timeout: 5_000 });
    } catch {
      // On a 1024-wide screen the toast of the previous action can lie over the dialog's buttons, and a pointer resting
      // on it keeps it open: take the pointer away and wait for it to close, as a cashier would, then confirm.
      await this.page.mouse.move(0, 0);
      await expect(this.page.locator('.ant-notification-notice')).toHaveCount(0);
      await button.click();
    }
  }
  async cancel() {
    await this.root.getByRole('button', { name: 'Cancel' }).click();
  }
}

/** A dialog (Modal) with its form: fields by label, OK/Cancel, field errors. */
export class Dialog {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}
  field(label: string | RegExp): Locator {
    return this.root.getByLabel(label, { exact: typeof label === 'string' });
  }
  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }
  button(name: string | RegExp): Locator {
    return this.root.getByRole('button', { name });
  }
  /** The error message under a field (antd Form.Item explain). */
  error(text: string | RegExp): Locator {
    return this.root.locator('.ant-form-item-explain-error').filter({ hasText: text });
  }
  async expectOpen() {
    await expect(this.root).toBeVisible();
  }
  async expectClosed() {
    await expect(this.root).toBeHidden();
  }
}

/** A detail screen or form dialog: fields, the action bar (Save, Delete, …), the confirm dialog and toasts. */
export class DetailPage {
  readonly toasts: Toasts;
  readonly confirm: ConfirmDialog;
  constructor(readonly page: Page) {
    this.toasts = new Toasts(page);
    this.confirm = new ConfirmDialog(page);
  }
  async open(url: string) {
    await this.page.goto(url);
  }
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }
  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }
  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.field(label).fill(value);
  }
  /** A button of the action bar. */
  action(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }
  /** The open dialog titled `title` (the topmost one when no title is given). */
  dialog(title?: string | RegExp): Dialog {
    const dialogs = this.page.getByRole('dialog');
    return new Dialog(
      this.page,
      title
        ? dialogs.filter({ has: this.page.getByText(title, { exact: typeof title === 'string' }) }).last()
        : dialogs.last(),
    );
  }
  error(text: string | RegExp): Locator {
    return this.page.locator('.ant-form-item-explain-error').filter({ hasText: text });
  }
}

/** A list screen (ListPage): filter form, rows, paging, Add New, Export Excel, Refresh Data, row actions. */
export class ListPage extends DetailPage {
  get table(): Locator {
    return this.page.locator('.ant-table').first();
  }
  /** Body rows (the measure row and the empty placeholder left out). */
  get rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }
  async goto(url: string, heading?: string | RegExp) {
    await this.page.goto(url);
    if (heading) await expect(this.heading(heading)).toBeVisible();
    await expect(this.table).toBeVisible();
  }
  filter(label: string): Locator {
    return this.page.locator('form.list-filters').getByLabel(label, { exact: true });
  }
  /** Fills text filters by label and presses Search. */
  async search(values: Record<string, string> = {}) {
    for (const [label, value] of Object.entries(values)) await this.filter(label).fill(value);
    await this.page.locator('form.list-filters').getByRole('button', { name: 'Search' }).click();
  }
  async reset() {
    await this.page.locator('form.list-filters').getByRole('button', { name: 'Reset' }).click();
  }
  row(text: string | RegExp): Locator {
    return this.rows.filter({ hasText: text });
  }
  /** A button in a row's Actions (by its accessible name, e.g. "Edit hanoi.staff"). */
  rowAction(row: string | RegExp, name: string | RegExp): Locator {
    return this.row(row).getByRole('button', { name });
  }
  addNew(name: string | RegExp = 'Add New'): Locator {
    return this.page.getByRole('button', { name });
  }
  get exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export Excel' });
  }
  get refreshButton(): Locator {
    return this.page.getByRole('button', { name: 'Refresh Data' });
  }
  /** Clicks Export Excel and answers the downloaded file's name. */
  async export(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    return download.suggestedFilename();
  }
  async refresh() {
    await this.refreshButton.click();
  }
  /** The paging total ("274 records"). */
  get total(): Locator {
    return this.page.locator('.ant-pagination-total-text');
  }
  async goToPage(n: number) {
    await this.page
      .locator('.ant-pagination')
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${n}$`) })
      .click();
  }
  /** A column header cell. */
  header(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }
}

/**
 * Picks an option of this Select only: its dropdown is the one that holds the list the combobox controls, so the
 * previous Select's dropdown, still fading out, is never clicked instead. Waits for the dropdown to close.
 */
export async function pickOption(page: Page, select: Locator, text: string | RegExp, timeout?: number) {
  await select.click({ timeout });
  await expect(select).toHaveAttribute('aria-controls', /.+/, { timeout });
  const list = await select.getAttribute('aria-controls', { timeout });
  const dropdown = page.locator(`.ant-select-dropdown:has([id="${list}"])`);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: text }).first().click({ timeout });
  await expect(dropdown).toBeHidden({ timeout });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks an option of an Ant Design select by its label, from the select's own dropdown (aria-controls; never another
 * dropdown still closing), until the select shows it: a click that lands while the dropdown is still moving in is
 * tried again.
 */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  const shown = select.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]');
  await expect(async () => {
    await pickOption(page, select, new RegExp(`^${escapeRegExp(option)}$`), 5_000);
    await expect(shown).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
