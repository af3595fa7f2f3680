import { useEffect, useState } from 'react';
import { Card, Form } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { canAccess, useSession } from '../../../auth/session';
import { DocumentEditor } from '../../../components/document/DocumentEditor';
import { DocumentActions, DocumentStatus, documentGate } from '../../../components/document/DocumentParts';
import { useDocument } from '../../../components/document/useDocument';
import { toast } from '../../../components/toast';
import { salesOrderClosedStatuses, statusColor, statusText } from '../../salesOrders/data';
import { SalesTotals } from '../../salesOrders/SalesTotals';
import { PostedDocuments } from '../../salesOrders/PostedDocuments';
import { SalesHeader, type HeaderValues } from '../../salesOrders/SalesHeader';
import { useLineStock, useShipPrompt } from '../../salesOrders/lines';
import { useSalesSpec } from '../../salesOrders/spec';
import {
  TABLET_CLOSED_PAGES,
  TABLET_ORDER_PAGES,
  TABLET_SCAN_PAGE,
  addOneOf,
  openOrder,
  tabletDetailUrl,
} from './data';
import { TabletLines } from './TabletLines';
import { Touch } from './Touch';

type Route = 'order' | 'closed';
const closed = (s: string) => (salesOrderClosedStatuses as readonly string[]).includes(s);

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
  const navigate = useNavigate();
  const { me } = useSession();
  const { t } = useTranslation();
  const [form] = Form.useForm<HeaderValues>();
  const [franchise, setFranchise] = useState<string | null>(me?.franchise_code ?? null);
  const spec = useSalesSpec({
    form,
    kind: 'order',
    pages,
    franchise,
    readOnly: route === 'closed',
    url: tabletDetailUrl,
    confirmRemove: false,
    acted: (o) => {
      if (o.status !== 'open' && openOrder.get() === o.pos_so_no) openOrder.set(null);
    },
  });
  const doc = useDocument(spec, no);
  const d = doc.doc;
  const shipPrompt = useShipPrompt(d);
  const lineStock = useLineStock(d);
  const { editable } = doc;

  useEffect(() => {
    if (d) setFranchise(d.franchise_code);
  }, [d]);

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

  // The scanner adds to the order last opened for editing here.
  useEffect(() => {
    if (d && editable) openOrder.set(d.pos_so_no);
  }, [d, editable]);

  const listUrl = pages[1];
  const listText = route === 'closed' ? t('tablet.sales.closedTitle') : t('tablet.sales.title');
  const gate = documentGate(doc, {
    notFound: t('sales.detail.notFound', { no }),
    loadFailed: t('sales.detail.loadFailed'),
    back: <Link to={listUrl}>{t('common.backToList')}</Link>,
  });
  if (gate) return gate;
  if (d && (d.document_type !== 'order' || closed(d.status) !== (route === 'closed')))
    return <Navigate to={tabletDetailUrl(d)} replace />;

  return (
    <Touch>
      <DocumentEditor
        back={
          <Link
            to={listUrl}
            aria-label={t('tablet.sales.back', { list: listText })}
            style={{ display: 'inline-block', minHeight: 48, lineHeight: '48px' }}
          >
            <ArrowLeftOutlined /> {listText}
          </Link>
        }
        title={d ? t('sales.detail.orderTitle', { no: d.pos_so_no }) : t('sales.detail.newOrder')}
        status={
          d ? (
            <DocumentStatus
              status={doc.status}
              color={statusColor}
              text={statusText(doc.status)}
              note={editable ? null : t('tablet.sales.readOnly')}
            />
          ) : null
        }
        actions={<DocumentActions state={doc} bar={{ tablet: true, prompt: shipPrompt }} />}
        header={
          <Card size="small" title={t('document.general')}>
            <SalesHeader form={form} disabled={!doc.headerEnabled} franchise={franchise} onFranchise={setFranchise} />
          </Card>
        }
        totals={
          d ? (
            <SalesTotals
              order={d}
              editable={editable}
              canEdit={doc.canEdit}
              onChanged={(o) => (o ? doc.keep(o) : doc.refresh())}
            />
          ) : null
        }
        lines={
          d && doc.lineHandlers ? (
            <Card size="small" title={t('document.lines')}>
              <TabletLines
                lines={d.lines.filter((l) => l.line_type === 'item')}
                editable={editable}
                franchise={me?.franchise_code ? null : d.franchise_code}
                location={d.location_code}
                stock={lineStock}
                onAddItem={(itemNo) => doc.lineCall('Add Line', (c) => addOneOf(c, itemNo))}
                onQuantity={(line, quantity) => doc.lineHandlers!.onUpdate(line, 'quantity', quantity)}
                onRemove={doc.lineHandlers.onRemove}
                onScan={
                  canAccess(me, TABLET_SCAN_PAGE, 'view')
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
