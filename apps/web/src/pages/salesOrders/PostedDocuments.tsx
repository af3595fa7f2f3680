import { useState } from 'react';
import { Button, Card, Col, Modal, Row, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EInvoiceBrief, SalesOrder } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { renderDate, renderMoney, renderNumber } from '../../components/format';
import { EInvoiceDetails, EInvoiceInline } from '../eInvoices/parts';
import { T } from '../../i18n/T';

type PostedLine = { line_no: number; item_no: string; description: string; quantity: string; amount: string };

const lineColumns: ColumnsType<PostedLine> = [
  { title: <T k="fields.itemNo" />, dataIndex: 'item_no', key: 'item_no' },
  { title: <T k="fields.description" />, dataIndex: 'description', key: 'description' },
  { title: <T k="fields.quantity" />, dataIndex: 'quantity', key: 'quantity', align: 'right', render: renderNumber },
  { title: <T k="fields.amount" />, dataIndex: 'amount', key: 'amount', align: 'right', render: renderMoney },
];

type Kind = 'shipment' | 'invoice' | 'creditMemo';

/** The lines of one posted document, read when its row is opened. */
function PostedLines({ kind, no }: { kind: Kind; no: string }) {
  const q = useQuery({
    queryKey: qk.other('salesOrders', `posted-${kind}`, no),
    queryFn: (): Promise<{ lines: PostedLine[] }> =>
      kind === 'shipment'
        ? call('salesShipments.get', { params: { pos_ss_no: no } })
        : kind === 'invoice'
          ? call('salesInvoices.get', { params: { pos_si_no: no } })
          : call('salesCreditMemos.get', { params: { pos_so_no: no } }),
  });
  if (q.isLoading) return <Spin size="small" />;
  return (
    <Table<PostedLine>
      size="small"
      rowKey="line_no"
      columns={lineColumns}
      dataSource={q.data?.lines ?? []}
      pagination={false}
    />
  );
}

type Row = { no: string; posting_date: string; amount?: string; e_invoice?: EInvoiceBrief };

function PostedTable({ title, kind, rows, amounts }: { title: string; kind: Kind; rows: Row[]; amounts: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const columns: ColumnsType<Row> = [
    { title: t('fields.no'), dataIndex: 'no', key: 'no' },
    { title: t('fields.postingDate'), dataIndex: 'posting_date', key: 'posting_date', render: renderDate },
    ...(amounts
      ? [
          {
            title: t('fields.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right' as const,
            render: renderMoney,
          },
        ]
      : []),
    // Issue 21: each invoice's and credit memo's e-invoice, its details on a click.
    ...(kind === 'shipment'
      ? []
      : [
          {
            title: t('einvoice.state'),
            dataIndex: 'e_invoice',
            key: 'e_invoice',
            render: (e: EInvoiceBrief | undefined, r: Row) =>
              e ? (
                <>
                  <EInvoiceInline no={r.no} e={e} />
                  <Button
                    type="link"
                    size="small"
                    aria-label={t('einvoice.openDetails', { no: r.no })}
                    onClick={() => setOpen(r.no)}
                  >
                    {t('einvoice.details')}
                  </Button>
                </>
              ) : null,
          },
        ]),
  ];
  return (
    <Card size="small" title={title}>
      <Modal
        open={open !== null}
        title={t('einvoice.detailsTitle', { no: open ?? '' })}
        onCancel={() => setOpen(null)}
        footer={<Button onClick={() => setOpen(null)}>{t('einvoice.close')}</Button>}
        width={1040}
        destroyOnHidden
      >
        {open !== null ? <EInvoiceDetails no={open} /> : null}
      </Modal>
      <Table<Row>
        size="small"
        rowKey="no"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('sales.posted.none', { what: title.toLowerCase() }) }}
        expandable={{ expandedRowRender: (r) => <PostedLines kind={kind} no={r.no} /> }}
      />
    </Card>
  );
}

/** What was posted from the order: its shipments, invoices and credit memos, each with its lines on opening. */
export function PostedDocuments({ order }: { order: SalesOrder }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <PostedTable
          title={t('document.shipments')}
          kind="shipment"
          amounts={false}
          rows={order.shipments.map((s) => ({ no: s.pos_ss_no, posting_date: s.posting_date }))}
        />
      </Col>
      <Col xs={24} lg={8}>
        <PostedTable
          title={t('document.invoices')}
          kind="invoice"
          amounts
          rows={order.invoices.map((s) => ({
            no: s.pos_si_no,
            posting_date: s.posting_date,
            amount: s.amount,
            e_invoice: s.e_invoice,
          }))}
        />
      </Col>
      <Col xs={24} lg={8}>
        <PostedTable
          title={t('document.creditMemos')}
          kind="creditMemo"
          amounts
          rows={order.credit_memos.map((s) => ({
            no: s.pos_so_no,
            posting_date: s.posting_date,
            amount: s.amount,
            e_invoice: s.e_invoice,
          }))}
        />
      </Col>
    </Row>
  );
}
