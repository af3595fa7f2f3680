import { useEffect, useMemo, useState, type ReactNode } from 'react';
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
import { DATE_DISPLAY, DATE_ISO, formatDate, formatNumber, messages, type TransferOrder } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import {
  DocumentEditor,
  LineGrid,
  failToast,
  useCanAny,
  type LineColumn,
} from '../../components/document/DocumentEditor';
import { documentGate } from '../../components/document/DocumentParts';
import { useDocument } from '../../components/document/useDocument';
import { enterMovesToNextField } from '../../components/FormDialog';
import { renderNumber } from '../../components/format';
import i18n from '../../i18n';
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
} from '../consignment/data';

type NewLine = { key: number; item_no: string; quantity: string; la_to_line_note: string };
type HeaderValues = {
  franchise_code?: string;
  direction?: 'issue' | 'return';
  shipment_date?: Dayjs | null;
  external_document_no?: string;
};

/** The columns of a new order's lines (titles read when drawn: they follow a language switch). */
const newLineColumns = (): LineColumn<NewLine>[] => [
  { title: i18n.t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no' },
  {
    title: i18n.t('fields.quantity'),
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
    title: i18n.t('fields.note'),
    dataIndex: 'la_to_line_note',
    key: 'la_to_line_note',
    edit: { field: 'la_to_line_note', check: (t) => (t.length > 250 ? messages.maxLength(250) : null), width: 180 },
  },
];

/** A new transfer order: the franchise, the direction and the lines (head office, standalone ERP). */
function NewTransferOrder() {
  const navigate = useNavigate();
  const { t } = useTranslation();
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
      toast.warning(t('consignment.transferOrder.addLine'));
      return;
    }
    setSaving(true);
    try {
      const created = await call('transferOrders.create', {
        body: {
          franchise_code: v.franchise_code ?? '',
          direction: v.direction ?? 'issue',
          shipment_date: v.shipment_date ? v.shipment_date.format(DATE_ISO) : null,
          external_document_no: v.external_document_no ?? '',
          lines: lines.map((l) => ({ item_no: l.item_no, quantity: l.quantity, la_to_line_note: l.la_to_line_note })),
        },
      });
      toast.successText(successText('Create', TRANSFER_ORDER_ENTITY));
      void qc.invalidateQueries({ queryKey: qk.area(TO_AREA) });
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
          <ArrowLeftOutlined /> {t('consignment.transferOrder.listTitle')}
        </Link>
      }
      title={t('consignment.transferOrder.newTitle')}
      actions={
        <Button type="primary" loading={saving} onClick={handle(create)}>
          {t('common.create')}
        </Button>
      }
      header={
        <Card size="small" title={t('document.general')}>
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
                  label={t('fields.franchise')}
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
                <Form.Item name="direction" label={t('consignment.issue.direction')}>
                  <Select options={directionOptions} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={6}>
                <Form.Item name="shipment_date" label={t('consignment.transferOrder.shipmentDate')}>
                  <DatePicker
                    format={[DATE_DISPLAY, 'DD/MM/YYYY']}
                    style={{ width: '100%' }}
                    placeholder={DATE_DISPLAY}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={6}>
                <Form.Item
                  name="external_document_no"
                  label={t('consignment.transferOrder.externalDocumentNo')}
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
        <Card size="small" title={t('document.lines')}>
          <LineGrid<NewLine>
            lines={lines}
            rowKey="key"
            columns={newLineColumns()}
            editable
            lineLabel={(l) => t('document.lineLabel', { no: l.key, item: l.item_no })}
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
  const no = useSearchParams()[0].get('bc_to_no');
  const { me } = useSession();
  const { t } = useTranslation();
  const canEdit = useCanAny(TO_PAGES, 'edit');
  const headOffice = isHeadOffice(me);
  if (!no) {
    if (!(canEdit && headOffice)) return <Result status="403" title={t('consignment.transferOrder.headOfficeOnly')} />;
    return <NewTransferOrder />;
  }
  return <TransferOrderScreen no={no} mayShip={canEdit && headOffice} />;
}

function TransferOrderScreen({ no, mayShip }: { no: string; mayShip: boolean }) {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const order = useDocument(
    {
      get: 'transferOrders.get',
      input: (n) => ({ params: { bc_to_no: n } }),
      ref: (d) => ({ bc_to_no: d.bc_to_no, version: d.version }),
      noOf: (d) => d.bc_to_no,
      entity: TRANSFER_ORDER_ENTITY,
      pages: TO_PAGES,
      // A shipment fills the franchise's receipts and its issue's quantities.
      alsoChanges: [RECEIPT_AREA, ISSUE_AREA],
    },
    no,
  );
  const d = order.doc;
  const lines = useMemo(() => d?.lines ?? [], [d]);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | null>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTexts(Object.fromEntries(lines.map((l) => [l.line_no, editDecimal(qtyMinus(l.quantity, l.qty_shipped))])));
    setErrors({});
  }, [lines]);

  const gate = documentGate(order, {
    notFound: t('consignment.transferOrder.notFound', { no }),
    loadFailed: t('consignment.transferOrder.loadFailed'),
    back: <Link to="/transferOrders">{t('consignment.backToList')}</Link>,
  });
  if (gate || !d) return gate;

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
      title: t('consignment.transferOrder.ship'),
      content: t('consignment.transferOrder.confirmShip', { no, qty: formatNumber(String(total)) }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await order.act('Ship', (c) =>
        call('transferOrders.ship', { body: { bc_to_no: c.bc_to_no, version: c.version, lines: sent } }),
      );
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
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<Line> = [
    { title: t('fields.lineNo'), dataIndex: 'line_no', key: 'line_no' },
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    { title: t('document.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: t('fields.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
    {
      title: t('document.qtyShipped'),
      dataIndex: 'qty_shipped',
      key: 'qty_shipped',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyReceived'),
      dataIndex: 'qty_received',
      key: 'qty_received',
      align: 'right',
      render: renderNumber,
    },
    ...(shippable
      ? [
          {
            title: t('document.qtyToShip'),
            key: 'qty_to_ship',
            align: 'right' as const,
            render: (_: unknown, l: Line) => {
              if (!qtyPositive(outstanding(l))) return renderNumber('0');
              const error = errors[l.line_no] ?? null;
              return (
                <Tooltip open={Boolean(error)} title={error}>
                  <Input
                    size="small"
                    aria-label={t('consignment.transferOrder.qtyToShipOf', { no: l.line_no, item: l.item_no })}
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
    { title: t('fields.note'), dataIndex: 'la_to_line_note', key: 'la_to_line_note' },
  ];

  const facts: [string, ReactNode][] = [
    ['fields.franchise', `${d.franchise_code} — ${d.franchise_name}`],
    ['consignment.issue.direction', directionText(d.direction)],
    ['consignment.transferOrder.consignmentIssue', d.ci_no ? <Link to={issueUrl(d.ci_no)}>{d.ci_no}</Link> : '—'],
    ['document.transferFrom', d.transfer_from_code],
    ['document.transferTo', d.transfer_to_code],
    ['document.inTransit', d.intransit_code],
    ['document.orderDate', formatDate(d.order_date)],
    ['consignment.transferOrder.shipmentDate', formatDate(d.shipment_date)],
    ['consignment.transferOrder.receiptDate', formatDate(d.receipt_date)],
    ['consignment.transferOrder.externalDocumentNo', d.external_document_no],
    ['consignment.transferOrder.totalQty', formatNumber(d.total_qty)],
    ['document.qtyShipped', formatNumber(d.qty_shipped)],
    ['document.qtyReceived', formatNumber(d.qty_received)],
  ];

  return (
    <DocumentEditor
      back={
        <Link to="/transferOrders">
          <ArrowLeftOutlined /> {t('consignment.transferOrder.listTitle')}
        </Link>
      }
      title={t('consignment.transferOrder.title', { no: d.bc_to_no })}
      status={
        <Tag color={statusColor[d.status]} data-testid="document-status">
          {statusText(d.status)}
        </Tag>
      }
      actions={
        shippable ? (
          <Button type="primary" loading={busy} onClick={handle(ship)}>
            {t('consignment.transferOrder.ship')}
          </Button>
        ) : null
      }
      header={
        <Card size="small" title={t('document.general')}>
          <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
            {facts.map(([k, v]) => (
              <Descriptions.Item key={k} label={t(k)}>
                {v}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      }
      lines={
        <Card size="small" title={t('document.lines')}>
          <section aria-label={t('document.lines')}>
            <Table<Line>
              size="small"
              rowKey="line_no"
              columns={columns}
              dataSource={lines}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('document.noLines') }}
            />
          </section>
        </Card>
      }
      related={<PostedTransfers order={d} />}
    />
  );
}
