import { useEffect, useMemo, useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Select,
  Spin,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { DATE_DISPLAY, formatDate, formatNumber, messages, type TransferOrder } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { useSession } from '../../auth/session';
import {
  DocumentEditor,
  LineGrid,
  failToast,
  useCanAny,
  type LineColumn,
} from '../../components/document/DocumentEditor';
import { enterMovesToNextField } from '../../components/FormDialog';
import { renderNumber } from '../../components/format';
import { handle } from '../../components/handle';
import { toast, successText } from '../../components/toast';
import { useFranchiseOptions } from '../franchises/data';
import { PostedTransfers } from '../consignment/PostedTransfers';
import {
  ISSUE_AREA,
  RECEIPT_AREA,
  TO_AREA,
  TO_PAGES,
  TRANSFER_ORDER_ENTITY,
  directionOptions,
  directionText,
  editDecimal,
  isHeadOffice,
  issueUrl,
  qtyAbove,
  qtyMinus,
  qtyPositive,
  quantityIssue,
  quantityValue,
  shipCapMessage,
  statusColor,
  statusText,
  transferOrderUrl,
  useTransferOrder,
} from '../consignment/data';

type NewLine = { key: number; item_no: string; quantity: string; la_to_line_note: string };
type HeaderValues = {
  franchise_code?: string;
  direction?: 'issue' | 'return';
  shipment_date?: Dayjs | null;
  external_document_no?: string;
};

const newLineColumns: LineColumn<NewLine>[] = [
  { title: 'Item No', dataIndex: 'item_no', key: 'item_no' },
  {
    title: 'Quantity',
    dataIndex: 'quantity',
    key: 'quantity',
    align: 'right',
    render: renderNumber,
    edit: {
      field: 'quantity',
      display: editDecimal,
      check: (t) => quantityIssue(t),
      toValue: quantityValue,
      width: 90,
    },
  },
  {
    title: 'Note',
    dataIndex: 'la_to_line_note',
    key: 'la_to_line_note',
    edit: { field: 'la_to_line_note', check: (t) => (t.length > 250 ? messages.maxLength(250) : null), width: 180 },
  },
];

/** A new transfer order: the franchise, the direction and the lines (head office, standalone ERP). */
function NewTransferOrder() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const franchises = useFranchiseOptions(true);
  const [form] = Form.useForm<HeaderValues>();
  const [lines, setLines] = useState<NewLine[]>([]);
  const [saving, setSaving] = useState(false);
  const franchise = Form.useWatch('franchise_code', form);

  const create = async () => {
    let v: HeaderValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!lines.length) {
      toast.warning('Add at least one line');
      return;
    }
    setSaving(true);
    try {
      const created = await call('transferOrders.create', {
        body: {
          franchise_code: v.franchise_code ?? '',
          direction: v.direction ?? 'issue',
          shipment_date: v.shipment_date ? v.shipment_date.format('YYYY-MM-DD') : null,
          external_document_no: v.external_document_no ?? '',
          lines: lines.map((l) => ({ item_no: l.item_no, quantity: l.quantity, la_to_line_note: l.la_to_line_note })),
        },
      });
      toast.successText(successText('Create', TRANSFER_ORDER_ENTITY));
      void qc.invalidateQueries({ queryKey: [TO_AREA] });
      navigate(transferOrderUrl(created.bc_to_no), { replace: true });
    } catch (e) {
      if (e instanceof ApiCallError)
        form.setFields(
          Object.entries(e.fieldErrors())
            .filter(([name]) => !name.startsWith('lines.'))
            .map(([name, errors]) => ({ name: name as never, errors: [errors] })),
        );
      failToast('Create', TRANSFER_ORDER_ENTITY, e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <DocumentEditor
      back={
        <Link to="/transferOrders">
          <ArrowLeftOutlined /> Transfer Orders
        </Link>
      }
      title="New Transfer Order"
      actions={
        <Button type="primary" loading={saving} onClick={handle(create)}>
          Create
        </Button>
      }
      header={
        <Card size="small" title="General">
          <Form<HeaderValues>
            form={form}
            name="transfer-order-header"
            layout="vertical"
            initialValues={{ direction: 'issue' }}
            onKeyDown={(e) => enterMovesToNextField(e, () => undefined)}
          >
            <Row gutter={12}>
              <Col xs={24} md={12} lg={6}>
                <Form.Item
                  name="franchise_code"
                  label="Franchise"
                  rules={[{ required: true, message: messages.required }]}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={franchises.isLoading}
                    options={franchises.data ?? []}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={6}>
                <Form.Item name="direction" label="Direction">
                  <Select options={directionOptions} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={6}>
                <Form.Item name="shipment_date" label="Shipment Date">
                  <DatePicker
                    format={[DATE_DISPLAY, 'DD/MM/YYYY']}
                    style={{ width: '100%' }}
                    placeholder="DD-MM-YYYY"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={6}>
                <Form.Item
                  name="external_document_no"
                  label="External Document No"
                  rules={[{ max: 40, message: messages.maxLength(40) }]}
                >
                  <Input />
                </Form.Item>
              </Col>
            </Row>
          </Form>
        </Card>
      }
      lines={
        <Card size="small" title="Lines">
          <LineGrid<NewLine>
            lines={lines}
            rowKey="key"
            columns={newLineColumns}
            editable
            lineLabel={(l) => `line ${l.key} ${l.item_no}`}
            franchise={franchise ?? null}
            quantity={{ check: (q) => quantityIssue(q), toValue: quantityValue }}
            onAdd={async (l) => {
              setLines((x) => [
                ...x,
                { key: (x.at(-1)?.key ?? 0) + 1, item_no: l.item_no, quantity: l.quantity, la_to_line_note: '' },
              ]);
              return Promise.resolve();
            }}
            onUpdate={async (line, field, value) => {
              setLines((x) => x.map((l) => (l.key === line.key ? { ...l, [field]: value } : l)));
              return Promise.resolve();
            }}
            onRemove={async (line) => {
              setLines((x) => x.filter((l) => l.key !== line.key));
              return Promise.resolve();
            }}
          />
        </Card>
      }
    />
  );
}

type Line = TransferOrder['lines'][number];

/** /transferOrders/detail?bc_to_no=…: a transfer order; head office ships it (per line, in part or all). */
export default function TransferOrderDetailPage() {
  const [params] = useSearchParams();
  const no = params.get('bc_to_no');
  const { me } = useSession();
  const canEdit = useCanAny(TO_PAGES, 'edit');
  const headOffice = isHeadOffice(me);
  if (!no) {
    if (!(canEdit && headOffice)) return <Result status="403" title="Only head office creates transfer orders" />;
    return <NewTransferOrder />;
  }
  return <TransferOrderScreen no={no} mayShip={canEdit && headOffice} />;
}

function TransferOrderScreen({ no, mayShip }: { no: string; mayShip: boolean }) {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const order = useTransferOrder(no);
  const d = order.data;
  const lines = useMemo(() => d?.lines ?? [], [d]);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | null>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTexts(Object.fromEntries(lines.map((l) => [l.line_no, editDecimal(qtyMinus(l.quantity, l.qty_shipped))])));
    setErrors({});
  }, [lines]);

  if (order.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (!d) {
    const missing = order.error instanceof ApiCallError && order.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('consignment.transferOrder.notFound', { no }) : t('consignment.transferOrder.loadFailed')}
        extra={<Link to="/transferOrders">{t('consignment.backToList')}</Link>}
      />
    );
  }

  const outstanding = (l: Line) => qtyMinus(l.quantity, l.qty_shipped);
  const shippable = mayShip && d.status === 'released' && lines.some((l) => qtyPositive(outstanding(l)));

  const check = (l: Line, text: string) => {
    let issue = quantityIssue(text, true);
    if (!issue && qtyAbove(quantityValue(text), outstanding(l)))
      issue = shipCapMessage(l.line_no, quantityValue(text), outstanding(l));
    setErrors((e) => ({ ...e, [l.line_no]: issue }));
    return issue;
  };

  const ship = async () => {
    const issues = lines.filter((l) => qtyPositive(outstanding(l))).map((l) => check(l, texts[l.line_no] ?? ''));
    if (issues.some(Boolean)) return;
    const sent = lines
      .filter((l) => qtyPositive(outstanding(l)))
      .map((l) => ({ line_no: l.line_no, quantity: quantityValue(texts[l.line_no] ?? '0') }));
    if (!sent.some((l) => qtyPositive(l.quantity))) {
      toast.warning(t('consignment.transferOrder.nothing'));
      return;
    }
    const total = sent.reduce((s, l) => s + Number(l.quantity), 0);
    const ok = await modal.confirm({
      title: 'Ship',
      content: t('consignment.transferOrder.confirmShip', { no, qty: formatNumber(String(total)) }),
      okText: 'Yes',
      cancelText: 'No',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await call('transferOrders.ship', { body: { bc_to_no: d.bc_to_no, version: d.version, lines: sent } });
      toast.successText(successText('Ship', TRANSFER_ORDER_ENTITY));
      for (const area of [TO_AREA, RECEIPT_AREA, ISSUE_AREA]) void qc.invalidateQueries({ queryKey: [area] });
    } catch (e) {
      if (e instanceof ApiCallError) {
        const cells: Record<number, string> = {};
        for (const [field, message] of Object.entries(e.fieldErrors())) {
          const m = /^lines\.(\d+)\.quantity$/.exec(field);
          const line = m ? sent[Number(m[1])] : undefined;
          if (line) cells[line.line_no] = message;
        }
        setErrors((x) => ({ ...x, ...cells }));
      }
      failToast('Ship', TRANSFER_ORDER_ENTITY, e);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<Line> = [
    { title: 'Line No', dataIndex: 'line_no', key: 'line_no' },
    { title: 'Item No', dataIndex: 'item_no', key: 'item_no' },
    { title: 'Description', dataIndex: 'description', key: 'description' },
    { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code' },
    { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
    { title: 'Qty Shipped', dataIndex: 'qty_shipped', key: 'qty_shipped', align: 'right', render: renderNumber },
    { title: 'Qty Received', dataIndex: 'qty_received', key: 'qty_received', align: 'right', render: renderNumber },
    ...(shippable
      ? [
          {
            title: 'Qty To Ship',
            key: 'qty_to_ship',
            align: 'right' as const,
            render: (_: unknown, l: Line) => {
              if (!qtyPositive(outstanding(l))) return renderNumber('0');
              const error = errors[l.line_no] ?? null;
              return (
                <Tooltip open={Boolean(error)} title={error}>
                  <Input
                    size="small"
                    aria-label={`Qty To Ship of line ${l.line_no} ${l.item_no}`}
                    value={texts[l.line_no] ?? ''}
                    disabled={busy}
                    status={error ? 'error' : undefined}
                    style={{ width: 100, textAlign: 'right' }}
                    onChange={(e) => {
                      const v = e.target.value;
                      setTexts((x) => ({ ...x, [l.line_no]: v }));
                      setErrors((x) => ({ ...x, [l.line_no]: null }));
                    }}
                    onBlur={() => check(l, texts[l.line_no] ?? '')}
                    onPressEnter={() => check(l, texts[l.line_no] ?? '')}
                  />
                </Tooltip>
              );
            },
          },
        ]
      : []),
    { title: 'Note', dataIndex: 'la_to_line_note', key: 'la_to_line_note' },
  ];

  return (
    <DocumentEditor
      back={
        <Link to="/transferOrders">
          <ArrowLeftOutlined /> Transfer Orders
        </Link>
      }
      title={`Transfer Order ${d.bc_to_no}`}
      status={
        <Tag color={statusColor[d.status]} data-testid="document-status">
          {statusText(d.status)}
        </Tag>
      }
      actions={
        shippable ? (
          <Button type="primary" loading={busy} onClick={handle(ship)}>
            Ship
          </Button>
        ) : null
      }
      header={
        <Card size="small" title="General">
          <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
            <Descriptions.Item label="Franchise">
              {d.franchise_code} — {d.franchise_name}
            </Descriptions.Item>
            <Descriptions.Item label="Direction">{directionText(d.direction)}</Descriptions.Item>
            <Descriptions.Item label="Consignment Issue">
              {d.ci_no ? <Link to={issueUrl(d.ci_no)}>{d.ci_no}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="Transfer From">{d.transfer_from_code}</Descriptions.Item>
            <Descriptions.Item label="Transfer To">{d.transfer_to_code}</Descriptions.Item>
            <Descriptions.Item label="In-Transit">{d.intransit_code}</Descriptions.Item>
            <Descriptions.Item label="Order Date">{formatDate(d.order_date)}</Descriptions.Item>
            <Descriptions.Item label="Shipment Date">{formatDate(d.shipment_date)}</Descriptions.Item>
            <Descriptions.Item label="Receipt Date">{formatDate(d.receipt_date)}</Descriptions.Item>
            <Descriptions.Item label="External Document No">{d.external_document_no}</Descriptions.Item>
            <Descriptions.Item label="Total Qty">{formatNumber(d.total_qty)}</Descriptions.Item>
            <Descriptions.Item label="Qty Shipped">{formatNumber(d.qty_shipped)}</Descriptions.Item>
            <Descriptions.Item label="Qty Received">{formatNumber(d.qty_received)}</Descriptions.Item>
          </Descriptions>
        </Card>
      }
      lines={
        <Card size="small" title="Lines">
          <section aria-label="Lines">
            <Table<Line>
              size="small"
              rowKey="line_no"
              columns={columns}
              dataSource={lines}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: 'No lines' }}
            />
          </section>
        </Card>
      }
      related={<PostedTransfers order={d} />}
    />
  );
}
