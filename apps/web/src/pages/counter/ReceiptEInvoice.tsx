import { QRCode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CounterSaleResult } from '@fp/contract';
import { useLiveEInvoice } from '../eInvoices/parts';

/**
 * The seller at the top of the receipt (Decree 70/2025: the cash-register invoice names the seller and its tax code).
 * Nothing for a sale kept from before e-invoices (its answer has no e_invoice).
 */
export function ReceiptSeller({ result }: { result: CounterSaleResult }) {
  const { t } = useTranslation();
  const e = result.e_invoice as CounterSaleResult['e_invoice'] | undefined;
  if (!e?.seller_name && !e?.seller_tax_code) return null;
  return (
    <div data-testid="counter-receipt-seller">
      <strong>{e.seller_name}</strong>
      {e.seller_tax_code ? (
        <div>
          {t('einvoice.receipt.taxCode')}: {e.seller_tax_code}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The receipt's e-invoice (issue 21): once the provider issued it, its number and series, the tax authority's code,
 * the lookup code and a QR code of the lookup address; before that "Hóa đơn điện tử đang được phát hành" (the receipt
 * asks again every few seconds, so a reprint shows the codes). A company buyer is named. Nothing when no provider is
 * configured (EINVOICE_MODE none).
 */
export function ReceiptEInvoice({ result }: { result: CounterSaleResult }) {
  const { t } = useTranslation();
  const initial = result.e_invoice as CounterSaleResult['e_invoice'] | undefined;
  const e = useLiveEInvoice(result.pos_si_no, initial ?? NOT_SENT);
  const o = result.order;
  const buyer = o.buyer_tax_code ? (
    <div data-testid="counter-receipt-buyer">
      {t('einvoice.receipt.buyer')}: {o.buyer_company_name}
      <div>
        {t('einvoice.receipt.taxCode')}: {o.buyer_tax_code}
      </div>
      <div>{o.buyer_address}</div>
    </div>
  ) : null;
  if (!initial || e.state === 'not_sent') return buyer;
  return (
    <div className="counter-receipt-center counter-receipt-einvoice" data-testid="counter-receipt-einvoice">
      {buyer}
      {e.state === 'issued' ? (
        <>
          <div>
            {t('einvoice.receipt.series')}: {[e.template_code, e.invoice_series].filter(Boolean).join(' ')}
          </div>
          <div>
            {t('einvoice.receipt.number')}: <span data-testid="counter-receipt-einvoice-no">{e.invoice_no}</span>
          </div>
          <div>
            {t('einvoice.receipt.codeOfTax')}: <span data-testid="counter-receipt-code-of-tax">{e.code_of_tax}</span>
          </div>
          {e.reservation_code ? (
            <div>
              {t('einvoice.receipt.lookupCode')}: {e.reservation_code}
            </div>
          ) : null}
          {e.lookup_url ? (
            <>
              <QRCode
                value={e.lookup_url}
                size={120}
                type="svg"
                bordered={false}
                style={{ margin: '4px auto' }}
                aria-label={t('einvoice.qr')}
              />
              <div className="counter-receipt-sub">
                {t('einvoice.receipt.lookupAt')}: {e.lookup_url}
              </div>
            </>
          ) : null}
        </>
      ) : (
        <div data-testid="counter-receipt-einvoice-pending">{t('einvoice.receipt.pending')}</div>
      )}
    </div>
  );
}

const NOT_SENT: CounterSaleResult['e_invoice'] = {
  state: 'not_sent',
  invoice_no: '',
  template_code: '',
  invoice_series: '',
  code_of_tax: '',
  reservation_code: '',
  lookup_url: '',
  seller_name: '',
  seller_tax_code: '',
  issued_at: null,
  message: '',
};
