import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, QRCode, Space, Spin } from 'antd';
import { formatNumber } from '@fp/contract/web';
import { call } from '../../api/client';
import { qk } from '../../api/keys';

/**
 * The VietQR code of a transfer payment (issue 11): the NAPAS payload the server builds from the store's bank
 * account, the exact amount and the order number in the purpose, so the customer's bank app fills in everything.
 * Bank, account, name, amount and purpose are written beside it for a customer without the app.
 */
export function VietQrPanel(p: { receiptId: number; size?: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: qk.op('vietQr.get', { receipt_id: p.receiptId }),
    queryFn: () => call('vietQr.get', { query: { receipt_id: p.receiptId } }),
    retry: false,
  });
  if (q.isLoading) return <Spin aria-label={t('money.vietqr.loading')} />;
  if (q.error) return <Alert type="warning" showIcon message={q.error.message} />;
  const qr = q.data;
  if (!qr) return null;
  return (
    <Space align="start" size="large" wrap data-testid="vietqr">
      <QRCode value={qr.payload} size={p.size ?? 200} bordered aria-label={t('money.vietqr.code')} type="svg" />
      <Descriptions
        size="small"
        column={1}
        title={t('money.vietqr.title')}
        items={[
          {
            key: 'bank',
            label: t('money.vietqr.bank'),
            children: <span data-testid="vietqr-bank">{qr.bank_name}</span>,
          },
          { key: 'account', label: t('money.vietqr.account'), children: qr.bank_account_no },
          { key: 'name', label: t('money.vietqr.name'), children: qr.bank_account_name },
          {
            key: 'amount',
            label: t('money.vietqr.amount'),
            children: <span data-testid="vietqr-amount">{formatNumber(qr.amount)}</span>,
          },
          {
            key: 'purpose',
            label: t('money.vietqr.purpose'),
            children: <span data-testid="vietqr-purpose">{qr.purpose}</span>,
          },
        ]}
      />
    </Space>
  );
}
