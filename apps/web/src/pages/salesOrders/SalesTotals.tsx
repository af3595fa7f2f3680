import { Card } from 'antd';
import type { SalesOrder } from '@fp/contract';
import { TotalsPanel } from '../../components/document/DocumentEditor';
import { CounterPanels, type CounterPanelProps } from './counter';

/** The totals of a sales document (computed by the server) and the counter's panels under them: desktop and tablet. */
export function SalesTotals(p: CounterPanelProps & { order: SalesOrder }) {
  const t = p.order.totals;
  return (
    <Card size="small">
      <TotalsPanel
        rows={[
          { label: 'Subtotal', value: t.subtotal },
          { label: 'Line Discounts', value: t.line_discount_amount },
          { label: 'Invoice Discount', value: t.invoice_discount_amount },
          { label: 'Promotions', value: t.promotion_discount_amount },
          { label: 'Points Redeemed', value: t.points_discount_amount },
          { label: 'Fees', value: t.fees_amount },
          { label: 'VAT Contained', value: t.vat_amount },
          { label: 'Grand Total', value: t.grand_total, strong: true },
          { label: 'Remaining Amount', value: t.remaining_amount, strong: true },
          ...(Number(t.credited_amount) > 0 ? [{ label: 'Credited (owed back)', value: t.credited_amount }] : []),
        ]}
      />
      <CounterPanels {...p} />
    </Card>
  );
}
