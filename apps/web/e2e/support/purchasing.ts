import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_FRANCHISE, type Api } from '../fixtures';
import { SalesDocumentPage } from './sales-document';

/** A purchase order as the API answers it (the fields journeys read). */
export type PurchaseDoc = {
  pos_po_no: string;
  bc_so_no: string;
  status: string;
  version: number;
  grand_total: string;
  lines: { line_no: number; item_no: string; purchase_qty: string; qty_shipped: string; qty_received: string }[];
};

/** Purchase orders made through the real API (as admin = head office), for the demo franchise's first store. */
export function purchasing(api: Api) {
  const ref = (d: PurchaseDoc) => ({ pos_po_no: d.pos_po_no, version: d.version });
  const get = (no: string) => api.get<PurchaseDoc>(`/api/purchase-orders/${encodeURIComponent(no)}`);
  return {
    get,
    /** A purchase order with its lines; `then` runs release / ship (everything outstanding) / receive (all shipped). */
    order: async (o: {
      lines: { item_no: string; purchase_qty: string }[];
      then?: ('release' | 'ship' | 'receive' | 'cancel')[];
    }) => {
      let d = await api.post<PurchaseDoc>('/api/purchase-orders', {
        franchise_code: DEMO_FRANCHISE,
        location_code: `${DEMO_FRANCHISE}-01`,
        lines: o.lines,
      });
      for (const action of o.then ?? []) {
        if (action === 'release')
          d = await api.post<PurchaseDoc>('/api/purchase-orders/release', { po_no: d.pos_po_no, version: d.version });
        else if (action === 'cancel')
          d = await api.put<PurchaseDoc>('/api/purchase-orders/status', {
            ...ref(d),
            status: 'canceled',
            cancel_reason_code: 'DUPLICATE',
          });
        else if (action === 'ship') {
          await api.post('/api/purchase-orders/ship', ref(d));
          d = await get(d.pos_po_no);
        } else
          d = await api.post<PurchaseDoc>('/api/purchase-orders/receive', {
            ...ref(d),
            lines: d.lines.map((l) => ({
              line_no: l.line_no,
              qty_to_receive: String(Number(l.qty_shipped) - Number(l.qty_received)),
            })),
          });
      }
      return d;
    },
  };
}

/** The purchase order editor: the document editor plus the shipment line table and head office's Ship panel. */
export class PurchaseDocumentPage extends SalesDocumentPage {
  constructor(page: Page) {
    super(page);
  }
  get shipmentLines(): Locator {
    return this.page.getByRole('region', { name: 'Shipment Lines' }).locator('tbody tr.ant-table-row');
  }
  shipmentLine(itemNo: string): Locator {
    return this.shipmentLines.filter({ hasText: itemNo });
  }
  /** A cell of a shipment line by its column header. */
  async shipmentCell(itemNo: string, column: string): Promise<Locator> {
    const headers = this.page.getByRole('region', { name: 'Shipment Lines' }).locator('thead th');
    const names = await headers.allInnerTexts();
    const index = names.findIndex((n) => n.trim() === column);
    expect(index, `column ${column}`).toBeGreaterThanOrEqual(0);
    return this.shipmentLine(itemNo).locator('td').nth(index);
  }
  qtyToReceive(line: number, itemNo: string): Locator {
    return this.page.getByLabel(`Qty to receive of line ${line} ${itemNo}`);
  }
  qtyCreditMemo(line: number, itemNo: string): Locator {
    return this.page.getByLabel(`Qty credit memo of line ${line} ${itemNo}`);
  }
  qtyToShip(line: number, itemNo: string): Locator {
    return this.page.getByLabel(`Qty to ship of line ${line} ${itemNo}`);
  }
  get shipPanel(): Locator {
    return this.page.locator('.ant-card').filter({ has: this.page.getByText('Head office ships these quantities') });
  }
}
