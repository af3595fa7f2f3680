import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { amountInVietnameseWords, formatNumber } from '@fp/contract';
import { useLabels } from '../../components/labels';

/** What a counter receipt prints, whoever priced the sale (the server's answer, or the device offline). */
/** The discount rows of the receipt, named by their counter.receipt.* key. */
type DiscountLabel = 'lineDiscount' | 'promotionDiscount' | 'pointsDiscount';

export type ReceiptFigures = {
  lines: readonly {
    key: string | number;
    description: string;
    quantity: string;
    unit_price: string;
    line_discount_percent: string;
    amount: string;
  }[];
  subtotal: string;
  line_discount_amount: string;
  promotion_discount_amount: string;
  points_discount_amount: string;
  grand_total: string;
  payments: readonly { key: string | number; payment_type: string; amount: string }[];
  change: string;
};

/**
 * The receipt block of the counter (issues 18, 19): its title with Print and Close, and the paper — `head` (who sold,
 * the numbers), the lines, the totals, the payments, the change, the amount in words, `foot` — printable on an 80 mm
 * roll with the browser's print dialog (counter.css, @media print prints only the paper).
 */
export function ReceiptSheet({
  figures: f,
  head,
  note,
  foot,
  onClose,
}: {
  figures: ReceiptFigures;
  head: ReactNode;
  /** Shown on screen above the paper, never printed. */
  note?: ReactNode;
  foot?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const allDiscounts: [DiscountLabel, string | null | undefined][] = [
    ['lineDiscount', f.line_discount_amount],
    ['promotionDiscount', f.promotion_discount_amount],
    ['pointsDiscount', f.points_discount_amount],
  ];
  const discounts = allDiscounts.filter(([, v]) => Number(v) > 0);
  return (
    <section className="counter-receipt" aria-label={t('counter.receipt.title')} data-testid="counter-receipt">
      <Space className="counter-noprint" style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('counter.receipt.title')}
        </Typography.Title>
        <Space>
          <Button icon={<PrinterOutlined />} className="counter-target" onClick={() => window.print()}>
            {t('counter.receipt.print')}
          </Button>
          <Button
            icon={<CloseOutlined />}
            className="counter-target"
            aria-label={t('counter.receipt.close')}
            onClick={onClose}
          />
        </Space>
      </Space>
      {note}
      <div className="counter-receipt-paper">
        <div className="counter-receipt-center">{head}</div>
        <table className="counter-receipt-lines">
          <tbody>
            {f.lines.map((l) => (
              <tr key={l.key}>
                <td>
                  {l.description}
                  <div className="counter-receipt-sub">
                    {formatNumber(l.quantity)} × {formatNumber(l.unit_price)}
                    {Number(l.line_discount_percent) > 0 && ` −${formatNumber(l.line_discount_percent)}%`}
                  </div>
                </td>
                <td className="counter-receipt-amount">{formatNumber(l.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="counter-receipt-lines">
          <tbody>
            <tr>
              <td>{t('counter.receipt.subtotal')}</td>
              <td className="counter-receipt-amount">{formatNumber(f.subtotal)}</td>
            </tr>
            {discounts.map(([k, v]) => (
              <tr key={k}>
                <td>{t(`counter.receipt.${k}`)}</td>
                <td className="counter-receipt-amount">−{formatNumber(v)}</td>
              </tr>
            ))}
            <tr className="counter-receipt-total">
              <td>{t('counter.receipt.total')}</td>
              <td className="counter-receipt-amount" data-testid="counter-receipt-total">
                {formatNumber(f.grand_total)}
              </td>
            </tr>
            {f.payments.map((p) => (
              <tr key={p.key}>
                <td>{label('paymentMethod', p.payment_type)}</td>
                <td className="counter-receipt-amount">{formatNumber(p.amount)}</td>
              </tr>
            ))}
            {Number(f.change) > 0 && (
              <tr>
                <td>{t('counter.receipt.change')}</td>
                <td className="counter-receipt-amount" data-testid="counter-receipt-change">
                  {formatNumber(f.change)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="counter-receipt-words">
          {t('counter.receipt.inWords')}: {amountInVietnameseWords(f.grand_total)}
        </p>
        {foot}
        <p className="counter-receipt-center">{t('counter.receipt.thanks')}</p>
      </div>
    </section>
  );
}
