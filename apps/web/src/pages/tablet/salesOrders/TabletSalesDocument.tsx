import { useEffect, useState } from 'react';
import { Button, Card, Form, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { type SalesOrder, type Transition } from '@fp/contract';
import { salesOrderMachine } from '@fp/contract/machines';
import type { OperationName } from '@fp/contract/ops/index';
import { ApiCallError, call } from '../../../api/client';
import { canAccess, useSession } from '../../../auth/session';
import {
  ActionBar,
  DocumentEditor,
  failToast,
  useCanAny,
  type ActionExtra,
} from '../../../components/document/DocumentEditor';
import { toast, successText } from '../../../components/toast';
import {
  SALES_AREA,
  SALES_ENTITY,
  documentKey,
  salesOrderClosedStatuses,
  salesTypesFor,
  statusColor,
  statusText,
  useKeepDocument,
  useSalesDocument,
} from '../../salesOrders/data';
import { SalesTotals } from '../../salesOrders/SalesTotals';
import { PostedDocuments } from '../../salesOrders/PostedDocuments';
import { SalesHeader, shipToFields, useShipTos, type HeaderValues } from '../../salesOrders/SalesHeader';
import {
  TABLET_CLOSED_PAGES,
  TABLET_ORDER_PAGES,
  TABLET_SCAN_PAGE,
  addOneOf,
  openOrder,
  tabletDetailUrl,
} from './data';
import { useLineStock, useShipPrompt } from '../../salesOrders/lines';
import { TabletLines } from './TabletLines';
import { Touch } from './Touch';

type Route = 'order' | 'closed';
const closed = (s: string) => (salesOrderClosedStatuses as readonly string[]).includes(s);

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
});

/** An action of the machine: its `op` with the document's number and version (status calls add the target). */
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
 * /tablet/salesOrders/detail (create and edit an order, the order machine's actions with the tablet-only Confirm) and
 * /tablet/salesOrdersInvoicedCanceled/detail (read-only, with the posted documents). ?no=… opens an order; a new
 * order may start for a customer (?customer=<customer_no>, from the scanner).
 */
export function TabletSalesDocument({ route }: { route: Route }) {
  const [params] = useSearchParams();
  const no = params.get('no');
  const customerParam = params.get('customer');
  const pages = route === 'closed' ? TABLET_CLOSED_PAGES : TABLET_ORDER_PAGES;
  const listUrl = pages[1];
  const navigate = useNavigate();
  const { me } = useSession();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const keep = useKeepDocument();
  const canEdit = useCanAny(pages, 'edit');
  const canScan = canAccess(me, TABLET_SCAN_PAGE, 'view');
  const [form] = Form.useForm<HeaderValues>();
  const [franchise, setFranchise] = useState<string | null>(me?.franchise_code ?? null);
  const [saving, setSaving] = useState(false);
  const doc = useSalesDocument(no);
  const d = doc.data;
  const shipTos = useShipTos(Form.useWatch('sell_to_code', form) || undefined);
  const shipPrompt = useShipPrompt(d);
  const lineStock = useLineStock(d);

  useEffect(() => {
    if (d) {
      if (!form.isFieldsTouched()) form.setFieldsValue(headerOf(d));
      setFranchise(d.franchise_code);
    } else if (!no) {
      form.resetFields();
      form.setFieldsValue({ sales_type: salesTypesFor(me?.franchise_code)[0] });
    }
  }, [d, no, form, me?.franchise_code]);

  // A new order for a scanned customer card starts with that customer.
  useEffect(() => {
    if (no || !customerParam) return;
    let live = true;
    call('customers.get', { params: { customer_no: customerParam } })
      .then((c) => {
        if (live)
          form.setFieldsValue({ sell_to_code: c.customer_no, sell_to_name: c.name, sell_to_phone_no: c.phone_no });
      })
      .catch((e: unknown) => toast.error(e));
    return () => {
      live = false;
    };
  }, [no, customerParam, form]);

  const status = d?.status ?? 'open';
  const editable = canEdit && route === 'order' && status === 'open';
  // The scanner adds to the order last opened for editing here.
  useEffect(() => {
    if (d && editable) openOrder.set(d.pos_so_no);
  }, [d, editable]);

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
  if (d && (d.document_type !== 'order' || closed(d.status) !== (route === 'closed')))
    return <Navigate to={tabletDetailUrl(d)} replace />;

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
      const saved = d
        ? await call('salesOrders.update', {
            body: {
              pos_so_no: d.pos_so_no,
              version: (qc.getQueryData<SalesOrder>(documentKey(no)) ?? d).version,
              ...bodyOf(v),
            },
          })
        : await call('salesOrders.create', {
            body: {
              document_type: 'order',
              ...(me?.franchise_code ? {} : franchise ? { franchise_code: franchise } : {}),
              ...bodyOf(v),
            },
          });
      form.resetFields();
      form.setFieldsValue(headerOf(saved));
      keep(saved);
      if (!d) navigate(tabletDetailUrl(saved), { replace: true });
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

  const onActionDone = (tr: Transition, result: unknown) => {
    const r = tr.action === 'sync' ? (result as { order: SalesOrder; message: string }) : null;
    if (r?.message) toast.info(r.message);
    const order = r ? r.order : (result as SalesOrder | undefined);
    void qc.invalidateQueries({ queryKey: [SALES_AREA] });
    if (order && order.pos_so_no === d?.pos_so_no) {
      keep(order);
      if (order.status !== 'open' && openOrder.get() === order.pos_so_no) openOrder.set(null);
      if (tabletDetailUrl(order) !== tabletDetailUrl(d)) navigate(tabletDetailUrl(order), { replace: true });
    }
  };

  const title = d ? `Sales Order ${d.pos_so_no}` : 'New Sales Order';
  return (
    <Touch>
      <DocumentEditor
        back={
          <Link
            to={listUrl}
            aria-label={t('tablet.sales.back', {
              list: route === 'closed' ? t('tablet.sales.closedTitle') : t('tablet.sales.title'),
            })}
            style={{ display: 'inline-block', minHeight: 48, lineHeight: '48px' }}
          >
            <ArrowLeftOutlined /> {route === 'closed' ? t('tablet.sales.closedTitle') : t('tablet.sales.title')}
          </Link>
        }
        title={title}
        status={
          d ? (
            <Space>
              <Tag color={statusColor[status]} data-testid="document-status">
                {statusText(status)}
              </Tag>
              {!editable ? <Tag>{t('tablet.sales.readOnly')}</Tag> : null}
            </Space>
          ) : null
        }
        actions={
          d ? (
            <ActionBar
              machine={salesOrderMachine}
              status={status}
              tablet
              pages={pages}
              entity={entity}
              run={(tr, extra) => sendAction(qc.getQueryData<SalesOrder>(documentKey(no)) ?? d, tr, extra)}
              onDone={onActionDone}
              prompt={shipPrompt}
            >
              {editable ? (
                <Button loading={saving} onClick={() => void save()}>
                  Save
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
              <TabletLines
                lines={d.lines.filter((l) => l.line_type === 'item')}
                editable={editable}
                franchise={me?.franchise_code ? null : d.franchise_code}
                location={d.location_code}
                stock={lineStock}
                onAddItem={(itemNo) => lineCall('Add Line', (c) => addOneOf(c, itemNo))}
                onQuantity={(line, quantity) =>
                  lineCall('Update Line', (c) =>
                    call('salesOrders.lineUpdate', {
                      body: { pos_so_no: c.pos_so_no, version: c.version, line_no: line.line_no, quantity },
                    }),
                  )
                }
                onRemove={(line) =>
                  lineCall('Remove Line', (c) =>
                    call('salesOrders.lineRemove', {
                      body: { pos_so_no: c.pos_so_no, version: c.version, line_nos: [line.line_no] },
                    }),
                  )
                }
                onScan={
                  canScan
                    ? () => {
                        openOrder.set(d.pos_so_no);
                        navigate(TABLET_SCAN_PAGE);
                      }
                    : undefined
                }
              />
            </Card>
          ) : null
        }
        related={d && (route === 'closed' || d.shipments.length > 0) ? <PostedDocuments order={d} /> : null}
      />
    </Touch>
  );
}
