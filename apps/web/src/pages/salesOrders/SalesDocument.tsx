import { useEffect, useState } from 'react';
import { Button, Card, Descriptions, Form, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, type SalesOrder } from '@fp/contract';
import { canAccess, useSession } from '../../auth/session';
import { DocumentEditor, LineGrid } from '../../components/document/DocumentEditor';
import { DocumentActions, DocumentStatus, documentGate } from '../../components/document/DocumentParts';
import { ErpSyncFacts } from '../../components/document/ErpSyncTag';
import { useDocument } from '../../components/document/useDocument';
import {
  CLOSED_PAGES,
  CREDIT_MEMO_PAGE,
  ORDER_PAGES,
  QUOTE_PAGES,
  detailUrl,
  routeOf,
  statusColor,
  statusText,
  type DocKind,
  type SalesRoute,
} from './data';
import {
  qtyMinus,
  salesLineColumns,
  quantityEdit,
  useCancelGuard,
  useLineLimits,
  useLineStock,
  useShipPrompt,
} from './lines';
import { PostedDocuments } from './PostedDocuments';
import { SalesTotals } from './SalesTotals';
import { SalesHeader, type HeaderValues } from './SalesHeader';
import { useSalesSpec } from './spec';
import { EInvoiceInline } from '../eInvoices/parts';
import { FlagTags } from '../counter/offline/FlagTags';

/**
 * /salesOrders/detail, /salesQuotes/detail and /salesOrdersInvoicedCanceled/detail (read-only): the document editor
 * over one sales document (?no=…), or a new one without `no`.
 */
export function SalesDocumentScreen({ route }: { route: SalesRoute }) {
  const no = useSearchParams()[0].get('no');
  const kind: DocKind = route === 'quote' ? 'quote' : 'order';
  const pages = route === 'quote' ? QUOTE_PAGES : route === 'closed' ? CLOSED_PAGES : ORDER_PAGES;
  const navigate = useNavigate();
  const { me } = useSession();
  const { t } = useTranslation();
  const lineLimits = useLineLimits();
  const [form] = Form.useForm<HeaderValues>();
  const [franchise, setFranchise] = useState<string | null>(me?.franchise_code ?? null);
  const spec = useSalesSpec({ form, kind, pages, franchise, readOnly: route === 'closed', url: detailUrl });
  const doc = useDocument(spec, no);
  const d = doc.doc;
  const cancelGuard = useCancelGuard(d);
  const shipPrompt = useShipPrompt(d);
  const lineStock = useLineStock(d);
  useEffect(() => {
    if (d) setFranchise(d.franchise_code);
  }, [d]);

  const listUrl = pages[1];
  const gate = documentGate(doc, {
    notFound: t('sales.detail.notFound', { no }),
    loadFailed: t('sales.detail.loadFailed'),
    back: <Link to={listUrl}>{t('common.backToList')}</Link>,
  });
  if (gate) return gate;
  // A document opens on its own route: quotes as quotes, invoiced/canceled orders read-only.
  // (Compared by route, not by the address: while the next screen loads this one still renders under its address.)
  if (d && routeOf(d) !== route) return <Navigate to={detailUrl(d)} replace />;

  const creditable = d?.lines.some((l) => Number(qtyMinus(l.qty_invoiced, l.qty_credited)) > 0) ?? false;
  const title = d
    ? t(kind === 'quote' ? 'sales.detail.quoteTitle' : 'sales.detail.orderTitle', { no: d.pos_so_no })
    : t(kind === 'quote' ? 'sales.detail.newQuote' : 'sales.detail.newOrder');
  const backText = t(
    kind === 'quote' ? 'sales.list.quotes' : route === 'closed' ? 'sales.list.closed' : 'sales.list.orders',
  );

  return (
    <DocumentEditor
      back={
        <Link to={listUrl}>
          <ArrowLeftOutlined /> {backText}
        </Link>
      }
      title={title}
      status={
        d ? (
          <DocumentStatus
            status={doc.status}
            color={statusColor}
            text={statusText(doc.status)}
            note={doc.editable ? null : t(doc.status === 'open' ? 'document.viewOnly' : 'sales.detail.readOnly')}
          />
        ) : null
      }
      actions={
        <DocumentActions state={doc} bar={{ guard: cancelGuard, prompt: shipPrompt }}>
          {d && kind === 'order' && creditable && canAccess(me, CREDIT_MEMO_PAGE, 'edit') ? (
            <Button onClick={() => void navigate(`${CREDIT_MEMO_PAGE}?no=${encodeURIComponent(d.pos_so_no)}`)}>
              {t('sales.detail.createCreditMemo')}
            </Button>
          ) : null}
        </DocumentActions>
      }
      header={
        <Card size="small" title={t('document.general')}>
          <SalesHeader form={form} disabled={!doc.headerEnabled} franchise={franchise} onFranchise={setFranchise} />
          {d ? <DocumentFacts d={d} /> : null}
        </Card>
      }
      totals={
        d ? (
          <SalesTotals
            order={d}
            editable={doc.editable}
            canEdit={doc.canEdit}
            onChanged={(o) => (o ? doc.keep(o) : doc.refresh())}
          />
        ) : null
      }
      lines={
        d && doc.lineHandlers ? (
          <Card size="small" title={t('document.lines')}>
            <LineGrid
              lines={d.lines.filter((l) => l.line_type === 'item')}
              rowKey="line_no"
              columns={salesLineColumns(kind, lineLimits, lineStock)}
              editable={doc.editable}
              lineLabel={(l) => t('document.lineLabel', { no: l.line_no, item: l.item_no })}
              franchise={me?.franchise_code ? null : d.franchise_code}
              location={d.location_code}
              quantity={quantityEdit}
              {...doc.lineHandlers}
            />
          </Card>
        ) : null
      }
      related={d && kind === 'order' ? <PostedDocuments order={d} /> : null}
    />
  );
}

/** What the document says about itself: dates, who ships, the ERP's sync state, the quote/order it came from. */
function DocumentFacts({ d }: { d: SalesOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} style={{ marginTop: 8 }}>
      <Descriptions.Item label={t('document.orderDate')}>{formatDate(d.order_date)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.postingDate')}>{formatDate(d.posting_date)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.franchise')}>{d.franchise_code}</Descriptions.Item>
      {d.document_type === 'order' ? (
        <Descriptions.Item label={t('sales.detail.shippingBy')}>
          {t(d.shipping_by === 'head_office' ? 'sales.detail.headOffice' : 'sales.detail.store')}
        </Descriptions.Item>
      ) : null}
      {d.sold_at ? (
        <Descriptions.Item label={t('offline.order.soldAt')}>
          <span data-testid="order-sold-at">{formatDateTime(d.sold_at)}</span>
        </Descriptions.Item>
      ) : null}
      {d.device_doc_no ? (
        <Descriptions.Item label={t('offline.order.device')}>
          <span data-testid="order-device-no" title={d.offline_device}>
            {t('offline.order.deviceNo', { no: d.device_doc_no, device: d.offline_device.slice(0, 8) })}
          </span>
        </Descriptions.Item>
      ) : null}
      {d.flags.length ? (
        <Descriptions.Item label={t('offline.order.flags')}>
          <FlagTags flags={d.flags} testId="order-flags" />
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('document.erpSync')}>
        <ErpSyncFacts erp={d.erp} />
      </Descriptions.Item>
      {d.quote_no ? (
        <Descriptions.Item label={t('sales.detail.quoteNo')}>
          <Link to={`/salesQuotes/detail?no=${encodeURIComponent(d.quote_no)}`}>{d.quote_no}</Link>
        </Descriptions.Item>
      ) : null}
      {d.converted_order_no ? (
        <Descriptions.Item label={t('sales.detail.convertedTo')}>
          <Link to={detailUrl({ pos_so_no: d.converted_order_no, document_type: 'order' })}>
            {d.converted_order_no}
          </Link>
        </Descriptions.Item>
      ) : null}
      {d.invoices.length || d.credit_memos.length ? (
        <Descriptions.Item label={t('einvoice.state')}>
          <Space size={8} wrap data-testid="order-einvoices">
            {[
              ...d.invoices.map((i) => ({ no: i.pos_si_no, e: i.e_invoice })),
              ...d.credit_memos.map((c) => ({ no: c.pos_so_no, e: c.e_invoice })),
            ].map((x) => (
              <Space size={4} key={x.no}>
                <span>{x.no}</span>
                <EInvoiceInline no={x.no} e={x.e} />
              </Space>
            ))}
          </Space>
        </Descriptions.Item>
      ) : null}
      {d.status === 'canceled' ? (
        <Descriptions.Item label={t('document.reasonCanceled')}>
          {[d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — ')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
