import { useTranslation } from 'react-i18next';
import { formatDate, type CounterSaleResult } from '@fp/contract';
import { ReceiptEInvoice, ReceiptSeller } from './ReceiptEInvoice';
import { ReceiptSheet } from './ReceiptSheet';

/**
 * The receipt of the last sale beside the new one (issue 18): the seller, the invoice and order numbers, the date and
 * the customer above what every counter receipt holds (ReceiptSheet), the e-invoice's codes below (issue 21).
 */
export function Receipt({ result, onClose }: { result: CounterSaleResult; onClose: () => void }) {
  const { t } = useTranslation();
  const o = result.order;
  // the items first, then the fees
  const lines = [...o.lines.filter((l) => l.line_type === 'item'), ...o.lines.filter((l) => l.line_type === 'fee')];
  return (
    <ReceiptSheet
      onClose={onClose}
      figures={{
        ...o.totals,
        lines: lines.map((l) => ({ ...l, key: l.line_no })),
        payments: result.receipts.map((r) => ({ ...r, key: r.receipt_id })),
        change: result.change,
      }}
      head={
        <>
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
        </>
      }
      foot={<ReceiptEInvoice result={result} />}
    />
  );
}
