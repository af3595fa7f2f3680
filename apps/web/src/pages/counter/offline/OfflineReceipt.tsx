import { Button, Space, Typography } from 'antd';
import { CloseOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { amountInVietnameseWords, formatDateTime, formatNumber } from '@fp/contract';
import { useLabels } from '../../../components/labels';
import type { OfflineReceiptData } from './db';

/**
 * The receipt of a sale made offline (issue 19): the device's number, the time the customer paid, the lines and
 * totals as the device priced them, the cash taken and the change; printed with the browser's print dialog on an
 * 80 mm roll (counter.css prints .counter-receipt-paper alone) when the store printer is out of reach.
 */
export function OfflineReceipt({ receipt: r, onClose }: { receipt: OfflineReceiptData; onClose: () => void }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const discounts = [
    ['lineDiscount', r.line_discount_amount],
    ['promotionDiscount', r.promotion_discount_amount],
    ['pointsDiscount', r.points_discount_amount],
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
      <Typography.Text type="warning" className="counter-noprint">
        {t('offline.receiptNote')}
      </Typography.Text>
      <div className="counter-receipt-paper">
        <div className="counter-receipt-center">
          <strong>{r.franchise_name || r.franchise_code}</strong> · {r.location_code}
          <div>
            {t('counter.receipt.order')} <span data-testid="counter-receipt-order">{r.device_doc_no}</span>
          </div>
          <div>{formatDateTime(r.sold_at)}</div>
          <div>
            {r.customer_name} {r.customer_phone}
          </div>
        </div>
        <table className="counter-receipt-lines">
          <tbody>
            {r.lines.map((l) => (
              <tr key={l.item_no}>
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
              <td className="counter-receipt-amount">{formatNumber(r.subtotal)}</td>
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
                {formatNumber(r.grand_total)}
              </td>
            </tr>
            {r.payments.map((p, i) => (
              <tr key={i}>
                <td>{label('paymentMethod', p.payment_type)}</td>
                <td className="counter-receipt-amount">{formatNumber(p.amount)}</td>
              </tr>
            ))}
            {Number(r.change) > 0 && (
              <tr>
                <td>{t('counter.receipt.change')}</td>
                <td className="counter-receipt-amount" data-testid="counter-receipt-change">
                  {formatNumber(r.change)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
        <p className="counter-receipt-words">
          {t('counter.receipt.inWords')}: {amountInVietnameseWords(r.grand_total)}
        </p>
        <p className="counter-receipt-center">{t('counter.receipt.thanks')}</p>
      </div>
    </section>
  );
}
