import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@fp/contract';
import { ReceiptSheet } from '../ReceiptSheet';
import type { OfflineReceiptData } from './db';

/**
 * The receipt of a sale made offline (issue 19): the device's number, the time the customer paid, the lines and
 * totals as the device priced them, the cash taken and the change; printed with the browser's print dialog on an
 * 80 mm roll (counter.css prints .counter-receipt-paper alone) when the store printer is out of reach.
 */
export function OfflineReceipt({ receipt: r, onClose }: { receipt: OfflineReceiptData; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ReceiptSheet
      onClose={onClose}
      figures={{
        ...r,
        lines: r.lines.map((l) => ({ ...l, key: l.item_no })),
        payments: r.payments.map((p, i) => ({ ...p, key: i })),
      }}
      note={
        <Typography.Text type="warning" className="counter-noprint">
          {t('offline.receiptNote')}
        </Typography.Text>
      }
      head={
        <>
          <strong>{r.franchise_name || r.franchise_code}</strong> · {r.location_code}
          <div>
            {t('counter.receipt.order')} <span data-testid="counter-receipt-order">{r.device_doc_no}</span>
          </div>
          <div>{formatDateTime(r.sold_at)}</div>
          <div>
            {r.customer_name} {r.customer_phone}
          </div>
        </>
      }
    />
  );
}
