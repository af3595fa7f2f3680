import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Select, Space, Tag, Typography } from 'antd';
import { SearchBox } from '../../../components/SearchBox';
import { CameraOutlined, PlusOutlined, StopOutlined, UserAddOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatNumber, type SalesOrder } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { canAccess, useSession } from '../../../auth/session';
import { failToast } from '../../../components/document/toasts';
import {
  SALES_AREA,
  SALES_ENTITY,
  documentKey,
  statusText,
  useKeepDocument,
  useSalesDocument,
} from '../../salesOrders/data';
import { addOneOf, openOrder, tabletDetailUrl } from '../salesOrders/data';
import { TOUCH, Touch } from '../salesOrders/Touch';
import { STOCK_AREA, positionKey, sumQty } from '../../warehouseEntries/data';
import { problemOf, startCamera, type CameraProblem, type ScannerControls } from './camera';
import { resolveCode, type Found } from './resolve';

/** The open orders a scanned item may go to (the newest first). */
function useOpenOrders(search: string) {
  return useQuery({
    queryKey: qk.list(SALES_AREA, { scan: true, search }),
    queryFn: () =>
      call('salesOrders.list', {
        body: {
          pagination: { page: 1, size: 20 },
          filters: [
            { field: 'document_type', value: 'order', condition_type: 'eq' },
            { field: 'status', value: 'open', condition_type: 'eq' },
            ...(search ? [{ field: 'pos_so_no', value: search, condition_type: 'like' as const }] : []),
          ],
          sort_order: { field: 'order_date', direction: 'desc' },
        },
      }),
  });
}

/**
 * /tablet/scanQR: the camera reads QR codes and barcodes and opens what they name: an item (added to the open order
 * of this session, or its price shown), an order (its tablet detail), a customer card (a new order for them). A code
 * can be typed when there is no camera.
 */
export default function TabletScanPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const keep = useKeepDocument();
  const canSell = canAccess(me, '/tablet/salesOrders/detail', 'edit');
  const videoRef = useRef<HTMLVideoElement>(null);
  const controls = useRef<ScannerControls | null>(null);
  const last = useRef<string | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [typed, setTyped] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [looking, setLooking] = useState(false);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [orderNo, setOrderNo] = useState<string | null>(() => openOrder.get());
  const [orderSearch, setOrderSearch] = useState('');
  const order = useSalesDocument(orderNo);
  const openOrders = useOpenOrders(orderSearch);
  const franchise = me?.franchise_code ?? order.data?.franchise_code ?? null;

  const open = useCallback(
    async (text: string) => {
      setCode(text);
      setFound(null);
      setAdded(null);
      setLooking(true);
      try {
        const f = await resolveCode(text, franchise);
        if (f.kind === 'order') {
          navigate(tabletDetailUrl(f.order));
          return;
        }
        setFound(f);
      } catch (e) {
        failToast('Scan', SALES_ENTITY, e);
      } finally {
        setLooking(false);
      }
    },
    [franchise, navigate],
  );

  const stop = () => {
    controls.current?.stop();
    controls.current = null;
    setCamera('off');
  };
  const start = async () => {
    if (!videoRef.current || controls.current) return;
    setProblem(null);
    setCamera('starting');
    try {
      controls.current = await startCamera(videoRef.current, (text) => {
        // The code in front of the camera is read many times a second: each code opens once until another is read.
        if (text === last.current) return;
        last.current = text;
        void open(text);
      });
      setCamera('on');
    } catch (e) {
      setProblem(problemOf(e));
      setCamera('off');
    }
  };
  useEffect(() => {
    void start();
    return () => controls.current?.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening the screen
  }, []);

  const chooseOrder = (no: string | null) => {
    openOrder.set(no);
    setOrderNo(no);
  };
  const target = order.data && order.data.document_type === 'order' ? order.data : null;
  const addToOrder = async (itemNo: string) => {
    if (!target) return;
    setAdding(true);
    try {
      const current = qc.getQueryData<SalesOrder>(documentKey(target.pos_so_no)) ?? target;
      const updated = await addOneOf(current, itemNo);
      keep(updated);
      const line = updated.lines.find((l) => l.line_type === 'item' && l.item_no === itemNo && !l.variant_code);
      setAdded(
        t('tablet.scan.added', {
          item: itemNo,
          order: updated.pos_so_no,
          quantity: formatNumber(line?.quantity ?? '1'),
        }),
      );
    } catch (e) {
      failToast('Add Line', SALES_ENTITY, e);
    } finally {
      setAdding(false);
    }
  };

  const problemText: Record<CameraProblem, string> = {
    unsupported: t('tablet.scan.unsupported'),
    denied: t('tablet.scan.denied'),
    noCamera: t('tablet.scan.noCamera'),
    failed: t('tablet.scan.failed'),
  };

  return (
    <Touch>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('tablet.scan.title')}
          </Typography.Title>
          {camera === 'off' ? (
            <Button type="primary" icon={<CameraOutlined />} onClick={() => void start()}>
              {t('tablet.scan.startCamera')}
            </Button>
          ) : (
            <Button icon={<StopOutlined />} loading={camera === 'starting'} onClick={stop}>
              {t('tablet.scan.stopCamera')}
            </Button>
          )}
        </Space>
        <section aria-label={t('tablet.scan.orderSection')}>
          <Space wrap align="center">
            <Typography.Text>{t('tablet.scan.addTo')}</Typography.Text>
            {/* No clear icon: a 14 px target; another order is chosen instead. */}
            <Select
              showSearch={{ filterOption: false, onSearch: setOrderSearch }}
              aria-label={t('tablet.scan.order')}
              placeholder={t('tablet.scan.chooseOrder')}
              style={{ width: 360 }}
              value={orderNo ?? undefined}
              loading={openOrders.isFetching}
              onChange={(v?: string) => chooseOrder(v ?? null)}
              options={[
                ...(orderNo && !openOrders.data?.items.some((o) => o.pos_so_no === orderNo)
                  ? [{ value: orderNo, label: orderNo }]
                  : []),
                ...(openOrders.data?.items ?? []).map((o) => ({
                  value: o.pos_so_no,
                  label: `${o.pos_so_no}${o.customer_name ? ` — ${o.customer_name}` : ''}`,
                })),
              ]}
            />
            {target ? (
              <>
                <Tag>{statusText(target.status)}</Tag>
                <Link
                  to={tabletDetailUrl(target)}
                  style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
                >
                  {t('tablet.scan.openOrder', { order: target.pos_so_no })}
                </Link>
              </>
            ) : null}
          </Space>
          {target && target.status !== 'open' ? (
            <Alert
              style={{ marginTop: 8 }}
              type="warning"
              showIcon
              message={t('tablet.scan.orderNotOpen', { order: target.pos_so_no, status: statusText(target.status) })}
            />
          ) : null}
        </section>
        {problem ? <Alert type="warning" showIcon role="alert" message={problemText[problem]} /> : null}
        <div
          style={{
            display: problem ? 'none' : 'block',
            width: '100%',
            maxWidth: 640,
            aspectRatio: '4 / 3',
            background: '#000',
            borderRadius: 8,
            overflow: 'hidden',
          }}
        >
          <video
            ref={videoRef}
            aria-label={t('tablet.scan.camera')}
            muted
            playsInline
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </div>
        <SearchBox
          enterButton={t('tablet.scan.openCode')}
          allowClear
          aria-label={t('tablet.scan.code')}
          placeholder={t('tablet.scan.codePlaceholder')}
          value={typed}
          busy={looking}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => {
            if (!v.trim()) return;
            last.current = v.trim();
            void open(v.trim());
          }}
        />
        {found ? (
          <section aria-label={t('tablet.scan.result')} data-testid="scan-result">
            <ScanResult
              found={found}
              code={code ?? ''}
              target={target && target.status === 'open' && canSell ? target : null}
              adding={adding}
              added={added}
              canSell={canSell}
              onAdd={(itemNo) => void addToOrder(itemNo)}
              onNewOrder={(customerNo) =>
                void navigate(`/tablet/salesOrders/detail?customer=${encodeURIComponent(customerNo)}`)
              }
              onNext={() => {
                last.current = null;
                setFound(null);
                setAdded(null);
              }}
            />
          </section>
        ) : null}
      </Space>
    </Touch>
  );
}

/** What is on hand of the scanned item at the user's locations (issue 10), with a link to the tablet's on-hand screen. */
function ScanStock({ itemNo }: { itemNo: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const stock = useQuery({
    queryKey: qk.list(STOCK_AREA, { scan: itemNo }),
    queryFn: () =>
      call('warehouse.onHand', {
        body: {
          pagination: { page: 1, size: 100 },
          filters: [{ field: 'item_no', value: itemNo, condition_type: 'eq' }],
          sort_order: { field: 'location_code', direction: 'asc' },
        },
      }),
    meta: { silent: true },
  });
  if (stock.isLoading) return <span>…</span>;
  if (stock.isError) return <span>{t('stock.scan.failed')}</span>;
  const rows = stock.data?.items ?? [];
  return (
    <Space direction="vertical" size={0}>
      <strong data-testid="scan-on-hand">{formatNumber(sumQty(rows.map((r) => r.quantity)))}</strong>
      {rows.map((r) => (
        <span key={positionKey(r)}>
          {r.location_code}
          {r.variant_code ? ` · ${r.variant_code}` : ''}: {formatNumber(r.quantity)}
        </span>
      ))}
      {canAccess(me, '/tablet/onHand') ? (
        <Link
          to={`/tablet/onHand?item=${encodeURIComponent(itemNo)}`}
          style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
        >
          {t('stock.scan.open')}
        </Link>
      ) : null}
    </Space>
  );
}

function ScanResult(p: {
  found: Found;
  code: string;
  target: SalesOrder | null;
  adding: boolean;
  added: string | null;
  canSell: boolean;
  onAdd: (itemNo: string) => void;
  onNewOrder: (customerNo: string) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const next = <Button onClick={p.onNext}>{t('tablet.scan.next')}</Button>;
  if (p.found.kind === 'none')
    return <Alert type="info" showIcon message={t('tablet.scan.nothing', { code: p.code })} action={next} />;
  if (p.found.kind === 'item') {
    const item = p.found.item;
    return (
      <Card title={`${item.item_no} — ${item.description}`}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t('tablet.scan.price')}>
            <strong data-testid="scan-price">{formatNumber(item.effective_price)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('tablet.scan.unit')}>{item.base_unit_of_measure}</Descriptions.Item>
          {item.category_name ? (
            <Descriptions.Item label={t('tablet.scan.category')}>{item.category_name}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('stock.scan.onHand')}>
            <ScanStock itemNo={item.item_no} />
          </Descriptions.Item>
          {item.blocked ? (
            <Descriptions.Item label={t('tablet.scan.blocked')}>
              <Tag color="red">{t('tablet.scan.blocked')}</Tag>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        {p.added ? <Alert style={{ marginTop: 12 }} type="success" showIcon message={p.added} /> : null}
        <Space wrap style={{ marginTop: 12 }}>
          {p.target ? (
            <Button type="primary" icon={<PlusOutlined />} loading={p.adding} onClick={() => p.onAdd(item.item_no)}>
              {t('tablet.scan.addToOrder')}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('tablet.scan.noOrder')}</Typography.Text>
          )}
          {next}
        </Space>
      </Card>
    );
  }
  if (p.found.kind === 'customer') {
    const c = p.found.customer;
    return (
      <Card title={c.name}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t('tablet.scan.customerNo')}>{c.customer_no}</Descriptions.Item>
          <Descriptions.Item label={t('tablet.scan.phone')}>{c.phone_no}</Descriptions.Item>
          <Descriptions.Item label={t('tablet.scan.store')}>{c.location_code || c.franchise_code}</Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 12 }}>
          {p.canSell ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => p.onNewOrder(c.customer_no)}>
              {t('tablet.scan.newOrderFor')}
            </Button>
          ) : null}
          {next}
        </Space>
      </Card>
    );
  }
  return null;
}
