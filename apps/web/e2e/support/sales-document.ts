import { expect, type Locator, type Page } from '@playwright/test';
import { DetailPage } from './pages';

/** The sales document editor (components/document): header, keyboard line entry, totals and the action bar. */
export class SalesDocumentPage extends DetailPage {
  constructor(page: Page) {
    super(page);
  }
  /** A button of the screen (the toasts' Close buttons left out). */
  override action(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });
  }
  get status(): Locator {
    return this.page.getByTestId('document-status');
  }
  get itemField(): Locator {
    return this.page.getByRole('combobox', { name: 'Item' });
  }
  get quantityField(): Locator {
    return this.page.getByRole('textbox', { name: 'Quantity', exact: true });
  }
  get lines(): Locator {
    return this.page.getByRole('region', { name: 'Lines' }).locator('tbody tr.ant-table-row');
  }
  line(itemNo: string): Locator {
    return this.lines.filter({ hasText: itemNo });
  }
  /** A row of the totals panel ("Grand Total") as shown: "305.000". */
  total(label: string): Locator {
    return this.page.getByTestId(`total-${label}`).locator('td');
  }
  /**
   * Adds a line by keyboard only: types `search` into the item field, waits for `itemNo` in the list, Enter picks it,
   * the quantity takes the focus, types `quantity`, Enter adds the line and the focus returns to the item field.
   */
  async addLineByKeyboard(search: string, itemNo: string, quantity: string) {
    await expect(this.itemField).toBeFocused();
    await this.page.keyboard.type(search);
    await expect(
      this.page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: itemNo }),
    ).toBeVisible();
    await this.page.keyboard.press('Enter');
    await expect(this.quantityField).toBeFocused();
    await this.page.keyboard.type(quantity);
    await this.page.keyboard.press('Enter');
    await expect(this.line(itemNo)).toBeVisible();
    await expect(this.itemField).toBeFocused();
    await expect(this.itemField).toHaveValue('');
  }
  /** Runs an action of the action bar: its confirmation says `question`, Yes sends it. */
  async run(label: string, question: string | RegExp) {
    await this.action(label).click();
    await this.confirm.expectText(question);
    await this.confirm.accept('Yes');
  }
}
