import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SalesOrder } from '@fp/contract';
import { TotalsPanel } from '../../components/document/DocumentEditor';
import { CounterPanels, type CounterPanelProps } from './counter';

/** The totals' test ids (`total-<id>`, the English words the journeys read) by their key in sales.totals. */
const IDS = {
  subtotal: 'Subtotal',
  lineDiscounts: 'Line Discounts',
  invoiceDiscount: 'Invoice Discount',
  promotions: 'Promotions',
  pointsRedeemed: 'Points Redeemed',
  fees: 'Fees',
  vatContained: 'VAT Contained',
  grandTotal: 'Grand Total',
  remainingAmount: 'Remaining Amount',
  credited: 'Credited (owed back)',
} as const;

/** The totals of a sales document (computed by the server) and the counter's panels under them: desktop and tablet. */
export function SalesTotals(p: CounterPanelProps & { order: SalesOrder }) {
  const { t } = useTranslation();
  const o = p.order.totals;
  const row = (key: keyof typeof IDS, value: string, strong?: boolean) => ({
    id: IDS[key],
    label: t(`sales.totals.${key}`),
    value,
    strong,
  });
  return (
    <Card size="small">
      <TotalsPanel
        rows={[
          row('subtotal', o.subtotal),
          row('lineDiscounts', o.line_discount_amount),
          row('invoiceDiscount', o.invoice_discount_amount),
          row('promotions', o.promotion_discount_amount),
          row('pointsRedeemed', o.points_discount_amount),
          row('fees', o.fees_amount),
          row('vatContained', o.vat_amount),
          row('grandTotal', o.grand_total, true),
          row('remainingAmount', o.remaining_amount, true),
          ...(Number(o.credited_amount) > 0 ? [row('credited', o.credited_amount)] : []),
        ]}
      />
      <CounterPanels {...p} />
    </Card>
  );
}
