import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_FRANCHISE, type Api } from '../fixtures';
import { DetailPage } from './pages';

/** The consignment codes journeys give the demo franchise (head office's warehouse, its location, in-transit). */
export const CONSIGNMENT_CODES = {
  consignment_warehouse_code: 'HO-CONSIGN',
  consignment_location_code: `${DEMO_FRANCHISE}-CONSIGN`,
  consignment_intransit_code: `${DEMO_FRANCHISE}-TRANSIT`,
} as const;

/** Gives a franchise its consignment codes (PUT /api/franchises) unless it has them: issues need all three. */
export async function ensureConsignmentCodes(api: Api, franchise: string = DEMO_FRANCHISE) {
  const f = await api.get<Record<string, unknown> & { version: number }>(`/api/franchises/${franchise}`);
  if (f.consignment_warehouse_code && f.consignment_location_code && f.consignment_intransit_code) return f;
  return api.put('/api/franchises', {
    customer_no: franchise,
    version: f.version,
    consignment_warehouse_code: f.consignment_warehouse_code || CONSIGNMENT_CODES.consignment_warehouse_code,
    consignment_location_code: f.consignment_location_code || CONSIGNMENT_CODES.consignment_location_code,
    consignment_intransit_code: f.consignment_intransit_code || CONSIGNMENT_CODES.consignment_intransit_code,
  });
}

export type ConsignmentIssueDoc = {
  ci_no: string;
  status: string;
  bc_to_no: string;
  version: number;
  lines: { line_no: number; item_no: string; ci_qty: string; qty_shipped: string; qty_received: string }[];
};
export type TransferOrderDoc = {
  bc_to_no: string;
  status: string;
  version: number;
  lines: { line_no: number; item_no: string; quantity: string; qty_shipped: string; qty_received: string }[];
};

/** API builders of the consignment journeys (as the client given: a store user, head office or admin). */
export function consignmentData(api: Api) {
  return {
    /** A consignment issue of the demo franchise with lines; `release` asks for its transfer order at once. */
    issue: async (o: { lines: { item_no: string; ci_qty: string }[]; release?: boolean; franchise_code?: string }) => {
      let doc = await api.post<ConsignmentIssueDoc>('/api/consignment-issues', {
        ...(o.franchise_code ? { franchise_code: o.franchise_code } : {}),
        lines: o.lines,
      });
      if (o.release)
        doc = await api.post<ConsignmentIssueDoc>('/api/consignment-issues/release', {
          ci_no: doc.ci_no,
          version: doc.version,
        });
      return doc;
    },
    transferOrder: (no: string) => api.get<TransferOrderDoc>(`/api/transfer-orders/${encodeURIComponent(no)}`),
    /** Head office ships lines of a transfer order ({ line_no: quantity }; none: everything outstanding). */
    ship: async (no: string, quantities?: Record<number, string>) => {
      const to = await api.get<TransferOrderDoc>(`/api/transfer-orders/${encodeURIComponent(no)}`);
      return api.post('/api/transfer-orders/ship', {
        bc_to_no: no,
        version: to.version,
        ...(quantities
          ? { lines: Object.entries(quantities).map(([line_no, quantity]) => ({ line_no: Number(line_no), quantity })) }
          : {}),
      });
    },
  };
}

/** The receive screen (/consignmentReceipt/detail) and the ship screen (/transferOrders/detail): a qty cell per line. */
export class TransferScreen extends DetailPage {
  constructor(page: Page) {
    super(page);
  }
  override action(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });
  }
  get status(): Locator {
    return this.page.getByTestId('document-status');
  }
  get lines(): Locator {
    return this.page.getByRole('region', { name: 'Lines' }).locator('tbody tr.ant-table-row');
  }
  line(itemNo: string): Locator {
    return this.lines.filter({ hasText: itemNo });
  }
  /** The quantity cell of a line ("Qty To Receive" or "Qty To Ship"). */
  qtyCell(column: 'Qty To Receive' | 'Qty To Ship', itemNo: string): Locator {
    return this.page.getByRole('textbox', { name: new RegExp(`^${column} of line \\d+ ${itemNo}$`) });
  }
  /** The tooltip under a refused cell. */
  cellError(text: string | RegExp): Locator {
    return this.page.locator('.ant-tooltip:visible').filter({ hasText: text });
  }
  async run(label: string, question: string | RegExp) {
    await this.action(label).click();
    await this.confirm.expectText(question);
    await this.confirm.accept('Yes');
  }
  section(name: 'Warehouse Shipments' | 'Consignment Receipts'): Locator {
    return this.page.getByRole('region', { name }).locator('tbody tr.ant-table-row');
  }
  async expectLine(itemNo: string, cells: string[]) {
    for (const c of cells) await expect(this.line(itemNo)).toContainText(c);
  }
}
