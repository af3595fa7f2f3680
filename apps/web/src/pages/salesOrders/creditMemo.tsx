import { useEffect, useMemo, useState, type Key } from 'react';
import { App, Button, Card, Input, Result, Select, Space, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { decimalIssue, parseDecimalText, type SalesLine } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useCan } from '../../auth/session';
import { failToast } from '../../components/document/DocumentEditor';
import { renderNumber } from '../../components/format';
import { toast, successText } from '../../components/toast';
import { CREDIT_MEMO_PAGE, SALES_AREA, SALES_ENTITY, detailUrl, useSalesDocument } from './data';
import { editDecimal, qtyMinus } from './lines';

const ACTION = 'Create Credit Memo';
type Line = SalesLine & { creditable: string };

/** /salesOrders/creditMemo?no=…: credit invoiced lines (quantity ≤ invoiced − credited per line), or all of them. */
export default function SalesCreditMemoPage() {
  const [params] = useSearchParams();
  const no = params.get('no');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const canEdit = useCan(CREDIT_MEMO_PAGE, 'edit');
  const doc = useSalesDocument(no);
  const d = doc.data;
  const [selected, setSelected] = useState<Key[]>([]);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const reasons = useQuery({
    queryKey: qk.op('cancelReasons.list', { page: '/salesOrders' }),
    queryFn: () =>
      call('cancelReasons.list', {
        body: {
          pagination: { page: 1, size: 200 },
          filters: [{ field: 'page', value: '/salesOrders', condition_type: 'eq' }],
        },
      }),
    staleTime: 60_000,
  });

  const lines: Line[] = useMemo(
    () =>
      (d?.lines ?? [])
        .map((l) => ({ ...l, creditable: qtyMinus(l.qty_invoiced, l.qty_credited) }))
        .filter((l) => Number(l.creditable) > 0),
    [d],
  );
  useEffect(() => {
    setQty(Object.fromEntries(lines.map((l) => [l.line_no, editDecimal(l.creditable)])));
  }, [lines]);

  if (no && doc.isLoading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin size="large" />
      </div>
    );
  if (!no || !d)
    return (
      <Result
        status="404"
        title={no ? t('sales.creditMemo.notFound', { no }) : t('sales.creditMemo.none')}
        extra={<Link to="/salesOrdersInvoicedCanceled">{t('common.backToList')}</Link>}
      />
    );

  const issueOf = (l: Line) =>
    decimalIssue(qty[l.line_no] ?? '', { min: 0, max: Number(l.creditable), scale: 5, minExclusive: true });
  const back = () => {
    void qc.invalidateQueries({ queryKey: qk.area(SALES_AREA) });
    navigate(detailUrl(d));
  };

  const post = async (all: boolean) => {
    setBusy(true);
    try {
      const memo = all
        ? await call('salesOrders.creditMemoAll', {
            body: { pos_so_no: d.pos_so_no, version: d.version, cancel_reason_code: reason ?? '' },
          })
        : await call('salesOrders.creditMemo', {
            body: {
              pos_so_no: d.pos_so_no,
              version: d.version,
              cancel_reason_code: reason ?? '',
              lines: lines
                .filter((l) => selected.includes(l.line_no))
                .map((l) => ({ line_no: l.line_no, quantity: parseDecimalText(qty[l.line_no]) ?? '' })),
            },
          });
      toast.successText(`${successText(ACTION, SALES_ENTITY)} ${memo.pos_so_no}`);
      back();
    } catch (e) {
      failToast(ACTION, SALES_ENTITY, e);
    } finally {
      setBusy(false);
    }
  };

  const creditSelected = () => {
    const chosen = lines.filter((l) => selected.includes(l.line_no));
    if (chosen.some((l) => issueOf(l))) return;
    modal.confirm({
      title: t('sales.detail.createCreditMemo'),
      content: t('sales.creditMemo.selected', { count: chosen.length, no: d.pos_so_no }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => post(false),
    });
  };
  const creditAll = () => {
    modal.confirm({
      title: t('sales.creditMemo.creditAll'),
      content: t('sales.creditMemo.all', { count: lines.length, no: d.pos_so_no }),
      okText: t('common.yes'),
      cancelText: t('common.no'),
      onOk: () => post(true),
    });
  };

  const columns: ColumnsType<Line> = [
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no' },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('document.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code' },
    {
      title: t('document.qtyInvoiced'),
      dataIndex: 'qty_invoiced',
      key: 'qty_invoiced',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('document.qtyCredited'),
      dataIndex: 'qty_credited',
      key: 'qty_credited',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('sales.creditMemo.maxToCredit'),
      dataIndex: 'creditable',
      key: 'creditable',
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('sales.creditMemo.quantityToCredit'),
      key: 'quantity',
      render: (_: unknown, l) => {
        const issue = selected.includes(l.line_no) ? issueOf(l) : null;
        return (
          <Space direction="vertical" size={0}>
            <Input
              size="small"
              aria-label={t('sales.creditMemo.quantityOf', { item: l.item_no })}
              style={{ width: 110, textAlign: 'right' }}
              value={qty[l.line_no] ?? ''}
              status={issue ? 'error' : undefined}
              onChange={(e) => {
                setQty((q) => ({ ...q, [l.line_no]: e.target.value }));
                if (!selected.includes(l.line_no)) setSelected((s) => [...s, l.line_no]);
              }}
            />
            {issue ? <Typography.Text type="danger">{issue}</Typography.Text> : null}
          </Space>
        );
      },
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Link to={detailUrl(d)}>
          <ArrowLeftOutlined /> {t('sales.detail.orderTitle', { no: d.pos_so_no })}
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('sales.creditMemo.title', { no: d.pos_so_no })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {d.sell_to_code} — {d.sell_to_name} · {d.location_code}
      </Typography.Paragraph>
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            aria-label={t('document.reason')}
            placeholder={t('sales.creditMemo.reasonOptional')}
            style={{ width: 280 }}
            value={reason}
            onChange={setReason}
            options={(reasons.data?.items ?? []).map((r) => ({
              value: r.reason_code,
              label: `${r.reason_code} — ${r.description}`,
            }))}
          />
          {canEdit ? (
            <>
              <Button type="primary" disabled={!selected.length} loading={busy} onClick={creditSelected}>
                {t('sales.creditMemo.creditSelected')}
              </Button>
              <Button disabled={!lines.length} loading={busy} onClick={creditAll}>
                {t('sales.creditMemo.creditAll')}
              </Button>
            </>
          ) : null}
        </Space>
        <Table<Line>
          size="small"
          rowKey="line_no"
          columns={columns}
          dataSource={lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('sales.creditMemo.nothingLeft') }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        />
      </Card>
    </div>
  );
}
