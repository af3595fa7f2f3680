import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Form, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatDate, formatDateTime, type SalesOrder, type Transition } from '@fp/contract';
import type { OperationName } from '@fp/contract/ops/index';
import { ApiCallError, call } from '../../api/client';
import { canAccess, useSession } from '../../auth/session';
import {
  ActionBar,
  DocumentEditor,
  LineGrid,
  failToast,
  useCanAny,
  type ActionExtra,
} from '../../components/document/DocumentEditor';
import { toast, successText } from '../../components/toast';
import {
  CLOSED_PAGES,
  CREDIT_MEMO_PAGE,
  ORDER_PAGES,
  QUOTE_PAGES,
  SALES_AREA,
  SALES_ENTITY,
  detailUrl,
  machineOf,
  documentKey,
  salesOrderClosedStatuses,
  salesTypesFor,
  statusColor,
  statusText,
  useKeepDocument,
  useSalesDocument,
  type DocKind,
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
import { SalesHeader, shipToFields, useShipTos, type HeaderValues } from './SalesHeader';
import { buyerBody } from './BuyerFields';
import { EInvoiceInline } from '../eInvoices/parts';
import { ErpSyncTag } from '../../components/document/ErpSyncTag';
import { FlagTags } from '../counter/offline/FlagTags';

type Route = 'order' | 'quote' | 'closed';
const routeOf = (d: SalesOrder): Route =>
  d.document_type === 'quote'
    ? 'quote'
    : (salesOrderClosedStatuses as readonly string[]).includes(d.status)
      ? 'closed'
      : 'order';

const headerOf = (d: SalesOrder): HeaderValues => ({
  sell_to_phone_no: d.sell_to_phone_no,
  sell_to_code: d.sell_to_code,
  sell_to_name: d.sell_to_name,
  location_code: d.location_code,
  sales_type: d.sales_type || undefined,
  ship_to_code: d.ship_to_code || undefined,
  requested_delivery_date: d.requested_delivery_date ? dayjs(d.requested_delivery_date) : null,
  general_comments: d.general_comments,
  delivery_comments: d.delivery_comments,
  buyer_tax_code: d.buyer_tax_code,
  buyer_company_name: d.buyer_company_name,
  buyer_address: d.buyer_address,
});

/** Sends an action of the machine: its `op` with the document's number and version (status calls add the target). */
const sendAction = (d: SalesOrder, t: Transition, extra: ActionExtra) =>
  (call as unknown as (name: OperationName, input: { body: unknown }) => Promise<unknown>)(t.op as OperationName, {
    body: {
      pos_so_no: d.pos_so_no,
      version: d.version,
      ...(t.op === 'salesOrders.status' ? { status: t.to } : {}),
      ...extra,
    },
  });

/**
 * /salesOrders/detail, /salesQuotes/detail and /salesOrdersInvoicedCanceled/detail (read-only): the document editor
 * over one sales document (?no=…), or a new one without `no`.
 */
export function SalesDocumentScreen({ route }: { route: Route }) {
  const [params] = useSearchParams();
  const no = params.get('no');
  const kind: DocKind = route === 'quote' ? 'quote' : 'order';
  const pages = route === 'quote' ? QUOTE_PAGES : route === 'closed' ? CLOSED_PAGES : ORDER_PAGES;
  const listUrl = pages[1];
  const machine = machineOf(kind);
  const navigate = useNavigate();
  const { me } = useSession();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const keep = useKeepDocument();
  const canEdit = useCanAny(pages, 'edit');
  const lineLimits = useLineLimits();
  const [form] = Form.useForm<HeaderValues>();
  const [franchise, setFranchise] = useState<string | null>(me?.franchise_code ?? null);
  const [saving, setSaving] = useState(false);
  const doc = useSalesDocument(no);
  const d = doc.data;
  const cancelGuard = useCancelGuard(d);
  const shipPrompt = useShipPrompt(d);
  const lineStock = useLineStock(d);
  const shipTos = useShipTos(Form.useWatch('sell_to_code', form) || undefined);

  useEffect(() => {
    if (d) {
      // A line change answers the document again: header edits not saved yet stay as typed.
      if (!form.isFieldsTouched()) form.setFieldsValue(headerOf(d));
      setFranchise(d.franchise_code);
    } else if (!no) {
      form.resetFields();
      form.setFieldsValue({ sales_type: salesTypesFor(me?.franchise_code)[0] });
    }
  }, [d, no, form, me?.franchise_code]);

  if (no && doc.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (no && !d) {
    const missing = doc.error instanceof ApiCallError && doc.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? `Sales document ${no} not found` : 'Could not load the sales document'}
        extra={<Link to={listUrl}>Back to the list</Link>}
      />
    );
  }
  // A document opens on its own route: quotes as quotes, invoiced/canceled orders read-only.
  // (Compared by route, not by the address: while the next screen loads this one still renders under its address.)
  if (d && routeOf(d) !== route) return <Navigate to={detailUrl(d)} replace />;

  const status = d?.status ?? 'open';
  const editable = canEdit && route !== 'closed' && status === 'open';
  const entity = SALES_ENTITY;

  const bodyOf = (v: HeaderValues) => {
    const shipTo = shipTos.data?.ship_to_addresses.find((a) => a.code === v.ship_to_code);
    return {
      location_code: v.location_code,
      sales_type: v.sales_type as never,
      sell_to_code: v.sell_to_code ?? '',
      sell_to_name: v.sell_to_name ?? '',
      sell_to_phone_no: v.sell_to_phone_no ?? '',
      ...(shipTo ? shipToFields(shipTo) : { ship_to_code: '' }),
      requested_delivery_date: v.requested_delivery_date ? v.requested_delivery_date.format('YYYY-MM-DD') : null,
      general_comments: v.general_comments ?? '',
      delivery_comments: v.delivery_comments ?? '',
      ...buyerBody(v),
    };
  };

  const save = async () => {
    let v: HeaderValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const action = d ? 'Update' : 'Create';
    setSaving(true);
    try {
      if (d) {
        const current = qc.getQueryData<SalesOrder>(documentKey(no)) ?? d;
        const updated = await call('salesOrders.update', {
          body: { pos_so_no: d.pos_so_no, version: current.version, ...bodyOf(v) },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(updated));
        keep(updated);
      } else {
        const created = await call('salesOrders.create', {
          body: {
            document_type: kind,
            ...(me?.franchise_code ? {} : franchise ? { franchise_code: franchise } : {}),
            ...bodyOf(v),
          },
        });
        form.resetFields();
        form.setFieldsValue(headerOf(created));
        keep(created);
        navigate(detailUrl(created), { replace: true });
        // the line entry comes next
        setTimeout(() => document.getElementById('line-entry-item')?.focus(), 300);
      }
      toast.successText(successText(action, entity));
    } catch (e) {
      failToast(action, entity, e);
    } finally {
      setSaving(false);
    }
  };

  /** A line call answers the document: the next call sends its new version. */
  const lineCall = async (action: string, fn: (d: SalesOrder) => Promise<SalesOrder>) => {
    const current = qc.getQueryData<SalesOrder>(documentKey(no)) ?? d!;
    try {
      keep(await fn(current));
    } catch (e) {
      failToast(action, entity, e);
      throw e;
    }
  };

  const onActionDone = (t: Transition, result: unknown) => {
    const r = (t.action === 'sync' ? (result as { order: SalesOrder; message: string }) : null) ?? null;
    if (r?.message) toast.info(r.message);
    const order = r ? r.order : (result as SalesOrder | undefined);
    void qc.invalidateQueries({ queryKey: [SALES_AREA] });
    if (order && t.action === 'convert') navigate(detailUrl(order));
    else if (order && order.pos_so_no === d?.pos_so_no) {
      keep(order);
      if (detailUrl(order) !== detailUrl(d)) navigate(detailUrl(order), { replace: true });
    }
  };

  const creditable = d?.lines.some((l) => Number(qtyMinus(l.qty_invoiced, l.qty_credited)) > 0) ?? false;
  const title = d
    ? `${kind === 'quote' ? 'Sales Quote' : 'Sales Order'} ${d.pos_so_no}`
    : kind === 'quote'
      ? 'New Sales Quote'
      : 'New Sales Order';
  const readOnlyNote =
    d && !editable ? <Tag>{status === 'open' ? 'View only' : 'Read-only: only open documents are edited'}</Tag> : null;

  return (
    <DocumentEditor
      back={
        <Link to={listUrl}>
          <ArrowLeftOutlined />{' '}
          {kind === 'quote' ? 'Sales Quotes' : route === 'closed' ? 'Sales Orders Invoiced/Canceled' : 'Sales Orders'}
        </Link>
      }
      title={title}
      status={
        d ? (
          <Space>
            <Tag color={statusColor[status]} data-testid="document-status">
              {statusText(status)}
            </Tag>
            {readOnlyNote}
          </Space>
        ) : null
      }
      actions={
        d ? (
          <ActionBar
            machine={machine}
            status={status}
            pages={pages}
            entity={entity}
            run={(t, extra) => sendAction(qc.getQueryData<SalesOrder>(documentKey(no)) ?? d, t, extra)}
            onDone={onActionDone}
            guard={cancelGuard}
            prompt={shipPrompt}
          >
            {editable ? (
              <Button loading={saving} onClick={() => void save()}>
                Save
              </Button>
            ) : null}
            {kind === 'order' && creditable && canAccess(me, CREDIT_MEMO_PAGE, 'edit') ? (
              <Button
                onClick={() => {
                  navigate(`${CREDIT_MEMO_PAGE}?no=${encodeURIComponent(d.pos_so_no)}`);
                }}
              >
                Create Credit Memo
              </Button>
            ) : null}
          </ActionBar>
        ) : canEdit ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Create
          </Button>
        ) : null
      }
      header={
        <Card size="small" title="General">
          <SalesHeader
            form={form}
            disabled={!(editable || (!d && canEdit))}
            franchise={franchise}
            onFranchise={setFranchise}
          />
          {d ? <DocumentFacts d={d} /> : null}
        </Card>
      }
      totals={
        d ? (
          <SalesTotals
            order={d}
            editable={editable}
            canEdit={canEdit}
            onChanged={(o) => (o ? keep(o) : void qc.invalidateQueries({ queryKey: documentKey(no) }))}
          />
        ) : null
      }
      lines={
        d ? (
          <Card size="small" title="Lines">
            <LineGrid
              lines={d.lines.filter((l) => l.line_type === 'item')}
              rowKey="line_no"
              columns={salesLineColumns(kind, lineLimits, lineStock)}
              editable={editable}
              lineLabel={(l) => `line ${l.line_no} ${l.item_no}`}
              franchise={me?.franchise_code ? null : d.franchise_code}
              location={d.location_code}
              quantity={quantityEdit}
              onAdd={(l) =>
                lineCall('Add Line', (c) =>
                  call('salesOrders.lineAdd', { body: { pos_so_no: c.pos_so_no, version: c.version, lines: [l] } }),
                )
              }
              onUpdate={(line, field, value) =>
                lineCall('Update Line', (c) =>
                  call('salesOrders.lineUpdate', {
                    body: { pos_so_no: c.pos_so_no, version: c.version, line_no: line.line_no, [field]: value },
                  }),
                )
              }
              onRemove={(line) =>
                new Promise<void>((resolve, reject) => {
                  modal.confirm({
                    title: 'Remove Line',
                    content: t('sales.lines.remove', { item: line.item_no, description: line.description }),
                    okText: 'Yes',
                    cancelText: 'No',
                    onOk: () =>
                      lineCall('Remove Line', (c) =>
                        call('salesOrders.lineRemove', {
                          body: { pos_so_no: c.pos_so_no, version: c.version, line_nos: [line.line_no] },
                        }),
                      ).then(resolve, reject),
                    onCancel: () => resolve(),
                  });
                })
              }
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
      <Descriptions.Item label="Order Date">{formatDate(d.order_date)}</Descriptions.Item>
      <Descriptions.Item label="Posting Date">{formatDate(d.posting_date)}</Descriptions.Item>
      <Descriptions.Item label="Franchise">{d.franchise_code}</Descriptions.Item>
      {d.document_type === 'order' ? (
        <Descriptions.Item label="Shipping By">
          {d.shipping_by === 'head_office' ? 'Head Office' : 'Store'}
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
      <Descriptions.Item label="ERP Sync">
        <Space size={4} wrap>
          <ErpSyncTag state={d.erp.state} />
          {d.erp.external_no ? <span>{d.erp.external_no}</span> : null}
          {d.erp.synced_at ? <span>{formatDateTime(d.erp.synced_at)}</span> : null}
          {d.erp.last_error ? <span style={{ color: '#cf1322' }}>{d.erp.last_error}</span> : null}
        </Space>
      </Descriptions.Item>
      {d.quote_no ? (
        <Descriptions.Item label="Sales Quote No">
          <Link to={`/salesQuotes/detail?no=${encodeURIComponent(d.quote_no)}`}>{d.quote_no}</Link>
        </Descriptions.Item>
      ) : null}
      {d.converted_order_no ? (
        <Descriptions.Item label="Converted To Order">
          <Link to={detailUrl({ pos_so_no: d.converted_order_no, document_type: 'order' })}>
            {d.converted_order_no}
          </Link>
        </Descriptions.Item>
      ) : null}
      {d.invoices.length || d.credit_memos.length ? (
        <Descriptions.Item label={t('einvoice.state')}>
          <Space size={8} wrap data-testid="order-einvoices">
            {d.invoices.map((i) => (
              <Space size={4} key={i.pos_si_no}>
                <span>{i.pos_si_no}</span>
                <EInvoiceInline no={i.pos_si_no} e={i.e_invoice} />
              </Space>
            ))}
            {d.credit_memos.map((c) => (
              <Space size={4} key={c.pos_so_no}>
                <span>{c.pos_so_no}</span>
                <EInvoiceInline no={c.pos_so_no} e={c.e_invoice} />
              </Space>
            ))}
          </Space>
        </Descriptions.Item>
      ) : null}
      {d.status === 'canceled' ? (
        <Descriptions.Item label="Reason Canceled">
          {[d.cancel_reason_code, d.cancel_reason_description].filter(Boolean).join(' — ')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
