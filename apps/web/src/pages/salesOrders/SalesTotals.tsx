import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesOrder } from '@fp/contract';
import { TotalsPanel } from '../../components/document/DocumentEditor';
import { CounterPanels, type CounterPanelProps } from './counter';

/** The totals of a sales document (computed by the server) and the counter's panels under them: desktop and tablet. */
export function SalesTotals(p: CounterPanelProps & { order: SalesOrder }) {
  const { t } = useTranslation();
  const o = p.order.totals;
  const row = (id: string, key: string, value: string, strong?: boolean) => ({
    id,
    label: t(`sales.totals.${key}`),
    value,
    strong,
  });
  return (
    <Card size="small">
      <TotalsPanel
        rows={[
          row('Subtotal', 'subtotal', o.subtotal),
          row('Line Discounts', 'lineDiscounts', o.line_discount_amount),
          row('Invoice Discount', 'invoiceDiscount', o.invoice_discount_amount),
          row('Promotions', 'promotions', o.promotion_discount_amount),
          row('Points Redeemed', 'pointsRedeemed', o.points_discount_amount),
          row('Fees', 'fees', o.fees_amount),
          row('VAT Contained', 'vatContained', o.vat_amount),
          row('Grand Total', 'grandTotal', o.grand_total, true),
          row('Remaining Amount', 'remainingAmount', o.remaining_amount, true),
          ...(Number(o.credited_amount) > 0 ? [row('Credited (owed back)', 'credited', o.credited_amount)] : []),
        ]}
      />
      <CounterPanels {...p} />
    </Card>
  );
}
