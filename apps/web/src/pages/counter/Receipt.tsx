import { Button, Space, Typography } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLabels } from '../../components/labels';
import { amountInVietnameseWords, formatDate, formatNumber, type CounterSaleResult } from '@fp/contract';
import { ReceiptEInvoice, ReceiptSeller } from './ReceiptEInvoice';

/**
 * The receipt of the last sale beside the new one (issue 18): what the printed receipt holds — the lines, the totals,
 * the payments, the change and the amount in words — printable on an 80 mm roll with the browser's print dialog
 * (counter.css, @media print prints only this block).
 */
export function Receipt({ result, onClose }: { result: CounterSaleResult; onClose: () => void }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const o = result.order;
  const items = o.lines.filter((l) => l.line_type === 'item');
  const fees = o.lines.filter((l) => l.line_type === 'fee');
  const totals = o.totals;
  const discounts = [
    ['lineDiscount', totals.line_discount_amount],
    ['promotionDiscount', totals.promotion_discount_amount],
    ['pointsDiscount', totals.points_discount_amount],
  ].filter(([, v]) => Number(v) > 0);
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
      <div className="counter-receipt-paper">
        <div className="counter-receipt-center">
          <ReceiptSeller result={result} />
          <strong>{o.franchise_code}</strong> · {o.location_code}
          <div>
            {t('counter.receipt.invoice')} {result.pos_si_no}
          </div>
          <div>
            {t('counter.receipt.order')} <span data-testid="counter-receipt-order">{result.pos_so_no}</span>
          </div>
          <div>{formatDate(o.order_date)}</div>
          <div>
            {o.sell_to_name} {o.sell_to_phone_no}
          </div>
        </div>
        <table className="counter-receipt-lines">
          <tbody>
            {[...items, ...fees].map((l) => (
              <tr key={l.line_no}>
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
              <td className="counter-receipt-amount">{formatNumber(totals.subtotal)}</td>
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
                {formatNumber(totals.grand_total)}
              </td>
            </tr>
            {result.receipts.map((r) => (
              <tr key={r.receipt_id}>
                <td>{label('paymentMethod', r.payment_type)}</td>
                <td className="counter-receipt-amount">{formatNumber(r.amount)}</td>
              </tr>
            ))}
            {Number(result.change) > 0 && (
              <tr>
                <td>{t('counter.receipt.change')}</td>
                <td className="counter-receipt-amount" data-testid="counter-receipt-change">
                  {formatNumber(result.change)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="counter-receipt-words">
          {t('counter.receipt.inWords')}: {amountInVietnameseWords(totals.grand_total)}
        </p>
        <ReceiptEInvoice result={result} />
        <p className="counter-receipt-center">{t('counter.receipt.thanks')}</p>
      </div>
    </section>
  );
}
