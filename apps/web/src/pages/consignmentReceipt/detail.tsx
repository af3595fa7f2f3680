import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, Input, Result, Space, Spin, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { DocumentEditor, failToast, useCanAny } from '../../components/document/DocumentEditor';
import { renderNumber } from '../../components/format';
import { handle } from '../../components/handle';
import { toast, successText } from '../../components/toast';
import { PostedTransfers } from '../consignment/PostedTransfers';
import {
  CONSIGNMENT_ENTITY,
  ISSUE_AREA,
  RECEIPT_AREA,
  RECEIPT_PAGES,
  TO_AREA,
  directionText,
  editDecimal,
  issueUrl,
  qtyAbove,
  qtyMinus,
  qtyPositive,
  quantityIssue,
  quantityValue,
  receiveCapMessage,
  statusColor,
  statusText,
  toReceiveKey,
  useTransferOrder,
} from '../consignment/data';

type Line = {
  line_no: number;
  item_no: string;
  description: string;
  variant_code: string;
  unit_of_measure: string;
  quantity: string;
  qty_shipped: string;
  qty_received: string;
  qty_to_receive: string;
};

/** The message of a typed quantity to receive on a line: the contract's rule, then the cap shipped − received. */
const receiveIssue = (l: Line, text: string) => {
  const issue = quantityIssue(text, true);
  if (issue) return issue;
  const cap = qtyMinus(l.qty_shipped, l.qty_received);
  const qty = quantityValue(text);
  return qtyAbove(qty, cap) ? receiveCapMessage(l.line_no, qty, cap) : null;
};

/**
 * /consignmentReceipt/detail?bc_to_no=…: receive a transfer order. Each line shows what head office shipped and what
 * was received; the quantity to receive starts at the rest (shipped − received) and is refused past it.
 */
export default function ConsignmentReceiptDetailPage() {
  const [params] = useSearchParams();
  const no = params.get('bc_to_no');
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const { me } = useSession();
  const qc = useQueryClient();
  const canEdit = useCanAny(RECEIPT_PAGES, 'edit');
  const order = useTransferOrder(no);
  const toReceive = useQuery({
    queryKey: toReceiveKey(no),
    queryFn: () => call('transferOrders.toReceive', { params: { bc_to_no: no! } }),
    enabled: Boolean(no),
    retry: false,
  });
  const lines = useMemo(() => toReceive.data?.lines ?? [], [toReceive.data]);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | null>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setTexts(Object.fromEntries(lines.map((l) => [l.line_no, editDecimal(l.qty_to_receive)])));
    setErrors({});
  }, [lines]);

  if (!no) return <Result status="404" title={t('consignment.receipt.noOrder')} />;
  if (order.isLoading || toReceive.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  const d = order.data;
  if (!d || !toReceive.data) {
    const err = order.error ?? toReceive.error;
    const missing = err instanceof ApiCallError && err.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('consignment.receipt.notFound', { no }) : t('consignment.receipt.loadFailed')}
        extra={<Link to="/consignmentReceipt">{t('consignment.backToList')}</Link>}
      />
    );
  }

  const open = lines.some((l) => qtyPositive(qtyMinus(l.qty_shipped, l.qty_received)));
  const editable = canEdit && open && !busy;

  const check = (l: Line, text: string) => {
    const issue = receiveIssue(l, text);
    setErrors((e) => ({ ...e, [l.line_no]: issue }));
    return issue;
  };

  const receive = async () => {
    const issues = lines.map((l) => check(l, texts[l.line_no] ?? ''));
    if (issues.some(Boolean)) return;
    const sent = lines
      .map((l) => ({ line_no: l.line_no, qty_to_receive: quantityValue(texts[l.line_no] ?? '0') }))
      .filter((l) => qtyPositive(l.qty_to_receive));
    if (!sent.length) {
      toast.warning(t('consignment.receipt.nothing'));
      return;
    }
    const total = sent.reduce((s, l) => s + Number(l.qty_to_receive), 0);
    const ok = await modal.confirm({
      title: t('consignment.receipt.receive'),
      content: t('consignment.receipt.confirm', { no, lines: sent.length, qty: formatNumber(String(total)) }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await call('consignmentReceipts.receive', {
        body: {
          bc_to_no: d.bc_to_no,
          ...(me?.franchise_code ? {} : { franchise_code: d.franchise_code }),
          version: toReceive.data.version,
          lines: sent,
        },
      });
      toast.successText(successText('Receive', CONSIGNMENT_ENTITY));
      for (const area of [TO_AREA, RECEIPT_AREA, ISSUE_AREA] as const) void qc.invalidateQueries({ queryKey: qk.area(area) });
    } catch (e) {
      if (e instanceof ApiCallError) {
        // lines.<i>.qty_to_receive: the server's message on the cell of the line it names
        const cells: Record<number, string> = {};
        for (const [field, message] of Object.entries(e.fieldErrors())) {
          const m = /^lines\.(\d+)\.qty_to_receive$/.exec(field);
          const line = m ? sent[Number(m[1])] : undefined;
          if (line) cells[line.line_no] = message;
        }
        setErrors((x) => ({ ...x, ...cells }));
      }
      failToast('Receive', CONSIGNMENT_ENTITY, e);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<Line> = [
    { title: t('fields.lineNo'), dataIndex: 'line_no', key: 'line_no' },
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    { title: t('fields.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: t('fields.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
    {
      title: t('consignment.qtyShipped'),
      dataIndex: 'qty_shipped',
      key: 'qty_shipped',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('consignment.qtyReceived'),
      dataIndex: 'qty_received',
      key: 'qty_received',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('consignment.receipt.qtyToReceive'),
      key: 'qty_to_receive',
      align: 'right',
      render: (_: unknown, l) => {
        const error = errors[l.line_no] ?? null;
        const cap = qtyMinus(l.qty_shipped, l.qty_received);
        if (!canEdit || !qtyPositive(cap)) return renderNumber('0');
        return (
          <Tooltip open={Boolean(error)} title={error}>
            <Input
              size="small"
              aria-label={t('consignment.receipt.qtyToReceiveOf', { line: l.line_no, item: l.item_no })}
              value={texts[l.line_no] ?? ''}
              disabled={!editable}
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
  ];

  return (
    <DocumentEditor
      back={
        <Link to="/consignmentReceipt">
          <ArrowLeftOutlined /> {t('consignment.receipts')}
        </Link>
      }
      title={t('consignment.receipt.title', { no: d.bc_to_no })}
      status={
        <Tag color={statusColor[d.status]} data-testid="document-status">
          {statusText(d.status)}
        </Tag>
      }
      actions={
        canEdit && open ? (
          <Space>
            <Button type="primary" loading={busy} onClick={handle(receive)}>
              {t('consignment.receipt.receive')}
            </Button>
          </Space>
        ) : null
      }
      header={
        <Card size="small" title={t('consignment.general')}>
          <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }}>
            <Descriptions.Item label={t('fields.franchise')}>
              {d.franchise_code} — {d.franchise_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('consignment.direction.title')}>{directionText(d.direction)}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.issueLabel')}>
              {d.ci_no ? <Link to={issueUrl(d.ci_no)}>{d.ci_no}</Link> : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('consignment.transferFrom')}>{d.transfer_from_code}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.transferTo')}>{d.transfer_to_code}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.inTransit')}>{d.intransit_code}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.externalDocumentNo')}>{d.external_document_no}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.totalQty')}>{formatNumber(d.total_qty)}</Descriptions.Item>
            <Descriptions.Item label={t('consignment.qtyReceived')}>{formatNumber(d.qty_received)}</Descriptions.Item>
          </Descriptions>
        </Card>
      }
      lines={
        <Card size="small" title={t('consignment.lines')}>
          <section aria-label={t('consignment.lines')}>
            <Table<Line>
              size="small"
              rowKey="line_no"
              columns={columns}
              dataSource={lines}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('consignment.noLines') }}
            />
          </section>
        </Card>
      }
      related={<PostedTransfers order={d} />}
    />
  );
}
