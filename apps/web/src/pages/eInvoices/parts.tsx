import { Alert, Descriptions, QRCode, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatNumber, type EInvoiceBrief, type EInvoiceState } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useLabels } from '../../components/labels';

// The e-invoice of a posted invoice or credit memo (issue 21) as every screen shows it: the state as a tag (the
// e-invoice screen, the order and invoice screens, the invoiced list) and one e-invoice's details.

export const EINVOICE_AREA = 'eInvoices';

const stateColor: Record<EInvoiceState, string | undefined> = {
  issued: 'green',
  pending: 'blue',
  failed: 'red',
  not_sent: undefined,
};

/** The state as a tag; a failed or not-sent one tells why on hover. */
export function EInvoiceTag({ state, message }: { state: EInvoiceState | ''; message?: string }) {
  const { label } = useLabels();
  if (!state) return null;
  const tag = (
    <Tag color={stateColor[state]} data-testid="einvoice-state">
      {label('eInvoiceState', state)}
    </Tag>
  );
  return message ? <Tooltip title={message}>{tag}</Tooltip> : tag;
}

const POLL_MS = 3000;

/**
 * The e-invoice of a posted document as an answer carried it, asked again every few seconds while it is pending
 * (the provider issues it within seconds of the posting): the receipt and the order screen show the codes once issued.
 */
export function useLiveEInvoice(no: string, initial: EInvoiceBrief): EInvoiceBrief {
  const q = useQuery({
    queryKey: qk.one(EINVOICE_AREA, no),
    queryFn: () => call('eInvoices.get', { params: { pos_si_no: no } }),
    enabled: initial.state === 'pending',
    refetchInterval: (query) => ((query.state.data?.state ?? initial.state) === 'pending' ? POLL_MS : false),
    meta: { silent: true },
  });
  return q.data ?? initial;
}

/** The e-invoice of one posted document in a line: state, provider number and the tax authority's code. */
export function EInvoiceInline({ no, e: initial }: { no: string; e: EInvoiceBrief }) {
  const { t } = useTranslation();
  const e = useLiveEInvoice(no, initial);
  return (
    <Space size={4} wrap>
      <EInvoiceTag state={e.state} message={e.message} />
      {e.invoice_no ? <span>{e.invoice_no}</span> : null}
      {e.code_of_tax ? (
        <Typography.Text type="secondary">
          {t('einvoice.codeOfTax')}: {e.code_of_tax}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * One e-invoice (GET /api/e-invoices/{pos_si_no}): provider number, template and series, tax authority code, lookup
 * code and address (with its QR code), the provider's message, the buyer and, for a credit memo, the invoice it adjusts.
 * Asked again every few seconds while it is pending.
 */
export function EInvoiceDetails({ no }: { no: string }) {
  const { t } = useTranslation();
  const { label } = useLabels();
  const q = useQuery({
    queryKey: qk.one(EINVOICE_AREA, no),
    queryFn: () => call('eInvoices.get', { params: { pos_si_no: no } }),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? POLL_MS : false),
  });
  if (q.isLoading) return <Spin aria-label={t('einvoice.loading')} />;
  if (q.error) return <Alert type="error" showIcon message={q.error.message} />;
  const e = q.data;
  if (!e) return null;
  const dash = (v: string) => v || '—';
  return (
    <Space align="start" size="large" wrap data-testid="einvoice-details">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} style={{ maxWidth: 900 }}>
        <Descriptions.Item label={t('einvoice.document')}>
          {e.pos_si_no} · {label('revenueDocumentType', e.document_type)}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.state')}>
          <EInvoiceTag state={e.state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.invoiceNo')}>{dash(e.invoice_no)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.series')}>
          {[e.template_code, e.invoice_series].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.codeOfTax')}>{dash(e.code_of_tax)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.reservationCode')}>{dash(e.reservation_code)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.lookupUrl')} span={2}>
          {e.lookup_url ? (
            <a href={e.lookup_url} target="_blank" rel="noreferrer">
              {e.lookup_url}
            </a>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.message')} span={2}>
          {e.message ? (
            <Typography.Text type={e.state === 'failed' ? 'danger' : undefined}>{e.message}</Typography.Text>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.issuedAt')}>
          {e.issued_at ? formatDateTime(e.issued_at) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.attempts')}>{formatNumber(e.attempts)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.order')}>{e.pos_so_no}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.postingDate')}>{formatDate(e.posting_date)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.amount')}>{formatNumber(e.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.customer')}>
          {[e.customer_no, e.customer_name].filter(Boolean).join(' — ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.buyerTaxCode')}>{dash(e.buyer_tax_code)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.buyerCompanyName')}>{dash(e.buyer_company_name)}</Descriptions.Item>
        <Descriptions.Item label={t('einvoice.buyerAddress')} span={2}>
          {dash(e.buyer_address)}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.seller')} span={2}>
          {[e.seller_name, e.seller_tax_code].filter(Boolean).join(' · ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('einvoice.adjustmentType')}>
          {label('eInvoiceAdjustmentType', e.adjustment_type)}
        </Descriptions.Item>
        {e.document_type === 'credit_memo' ? (
          <Descriptions.Item label={t('einvoice.original')}>
            {[e.original_pos_si_no, e.original_invoice_no].filter(Boolean).join(' · ') || '—'}
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('einvoice.transactionUuid')} span={2}>
          {e.transaction_uuid}
        </Descriptions.Item>
      </Descriptions>
      {e.lookup_url ? <QRCode value={e.lookup_url} size={160} type="svg" aria-label={t('einvoice.qr')} /> : null}
    </Space>
  );
}
