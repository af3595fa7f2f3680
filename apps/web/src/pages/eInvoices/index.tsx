import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import {
  formatDate,
  type EInvoiceListItem,
  type EInvoiceState,
  type EInvoiceSummaryRow,
  type FilterItem,
} from '@fp/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { useLabels } from '../../components/labels';
import { renderDate, renderMoney, renderNumber } from '../../components/format';
import { SALES_AREA } from '../salesOrders/data';
import { useFranchiseOptions } from '../franchises/data';
import { EINVOICE_AREA, EInvoiceDetails, EInvoiceTag } from './parts';

const PAGE = '/eInvoices';
const ENTITY = 'E-Invoice';
/** The summary's own query area (and filter form): the list's filters and the summary's never share field ids. */
const SUMMARY_AREA = 'eInvoices';

/** What a click on a count of the day's summary shows in the list: that franchise, that day, that state. */
type Drill = { franchise_code: string; posting_date: string; state: EInvoiceState | null };

/**
 * /eInvoices (issue 21, api.md "E-invoices"): the e-invoices of posted invoices and credit memos. The list filters
 * by state, franchise, dates, document and provider number on the server, opens one e-invoice's details and sends
 * failed ones again (asked first, how many); the summary counts per franchise and business day how many are issued,
 * pending, failed and not sent, and a click on a count lists those. Both export to Excel.
 */
export default function EInvoicesPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const { modal } = App.useApp();
  const me = useSession().me;
  const headOffice = Boolean(me) && !me?.franchise_code;
  const canEdit = useCan(PAGE, 'edit');
  const franchises = useFranchiseOptions(headOffice);
  const [tab, setTab] = useState<'list' | 'summary'>('list');
  const [drill, setDrill] = useState<Drill | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [open, setOpen] = useState<string | null>(null);

  // The e-invoice whose details are open (the details read the same query): Send Again is offered while it failed.
  const opened = useQuery({
    queryKey: qk.one(EINVOICE_AREA, open),
    queryFn: () => call('eInvoices.get', { params: { pos_si_no: open ?? '' } }),
    enabled: open !== null,
  });
  const retry = useApiMutation({
    fn: (nos: string[]) => call('eInvoices.retry', { body: { pos_si_nos: nos } }),
    invalidates: [EINVOICE_AREA, SUMMARY_AREA, SALES_AREA],
    success: { action: 'Send Again', entity: ENTITY },
    onSuccess: () => setSelected([]),
  });
  const sendAgain = (nos: string[]) => {
    void modal.confirm({
      title: t('einvoice.sendAgain'),
      content:
        nos.length === 1
          ? t('einvoice.sendAgainOne', { no: nos[0] })
          : t('einvoice.sendAgainMany', { count: nos.length }),
      okText: t('einvoice.yes'),
      cancelText: t('einvoice.no'),
      // a refusal shows its toast (useApiMutation) and closes the question
      onOk: () => retry.mutateAsync(nos).catch(() => undefined),
    });
  };

  const drillFilters = useMemo<FilterItem[]>(
    () =>
      drill
        ? [
            { field: 'franchise_code', value: drill.franchise_code, condition_type: 'eq' },
            { field: 'posting_date', value: drill.posting_date, condition_type: 'eq' },
            ...(drill.state ? [{ field: 'state', value: drill.state, condition_type: 'eq' as const }] : []),
          ]
        : [],
    [drill],
  );

  const columns: ColumnsType<EInvoiceListItem> = [
    {
      title: t('einvoice.document'),
      dataIndex: 'pos_si_no',
      key: 'pos_si_no',
      sorter: true,
      fixed: 'left',
      render: (no: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(no)}>
          {no}
        </Button>
      ),
    },
    {
      title: t('einvoice.documentType'),
      dataIndex: 'document_type',
      key: 'document_type',
      sorter: true,
      render: labels.render('revenueDocumentType'),
    },
    {
      title: t('einvoice.state'),
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      render: (s: EInvoiceState, r) => <EInvoiceTag state={s} message={r.message} />,
    },
    { title: t('einvoice.invoiceNo'), dataIndex: 'invoice_no', key: 'invoice_no', sorter: true },
    { title: t('einvoice.series'), dataIndex: 'invoice_series', key: 'invoice_series', sorter: true },
    { title: t('einvoice.codeOfTax'), dataIndex: 'code_of_tax', key: 'code_of_tax' },
    {
      title: t('einvoice.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    ...(headOffice
      ? [{ title: t('einvoice.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
      : []),
    { title: t('einvoice.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('einvoice.order'), dataIndex: 'pos_so_no', key: 'pos_so_no', sorter: true },
    { title: t('einvoice.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true },
    { title: t('einvoice.buyerTaxCode'), dataIndex: 'buyer_tax_code', key: 'buyer_tax_code', sorter: true },
    {
      title: t('einvoice.amount'),
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    {
      title: t('einvoice.message'),
      dataIndex: 'message',
      key: 'message',
      ellipsis: true,
      width: 260,
    },
    {
      title: t('einvoice.actions'),
      key: 'actions',
      render: (_: unknown, r) => (
        <Space size={4}>
          <Button
            size="small"
            aria-label={t('einvoice.openDetails', { no: r.pos_si_no })}
            onClick={() => setOpen(r.pos_si_no)}
          >
            {t('einvoice.details')}
          </Button>
          {canEdit && r.state === 'failed' ? (
            <Button
              size="small"
              icon={<RedoOutlined />}
              aria-label={t('einvoice.sendAgainOf', { no: r.pos_si_no })}
              onClick={() => sendAgain([r.pos_si_no])}
            >
              {t('einvoice.sendAgain')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const count = (state: EInvoiceState | null) => (n: number, r: EInvoiceSummaryRow) =>
    n > 0 ? (
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        aria-label={t('einvoice.showOf', {
          count: n,
          state: state ? labels.label('eInvoiceState', state) : t('einvoice.total'),
          franchise: r.franchise_code,
          date: formatDate(r.posting_date),
        })}
        onClick={() => {
          setDrill({ franchise_code: r.franchise_code, posting_date: r.posting_date, state });
          setTab('list');
        }}
      >
        {renderNumber(n)}
      </Button>
    ) : (
      renderNumber(n)
    );
  const summaryColumns: ColumnsType<EInvoiceSummaryRow> = [
    {
      title: t('einvoice.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    { title: t('einvoice.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
    { title: t('einvoice.franchiseName'), dataIndex: 'franchise_name', key: 'franchise_name', sorter: true },
    { title: t('einvoice.total'), dataIndex: 'total', key: 'total', sorter: true, align: 'right', render: count(null) },
    ...(['issued', 'pending', 'failed', 'not_sent'] as const).map((s) => ({
      title: labels.label('eInvoiceState', s),
      dataIndex: s,
      key: s,
      sorter: true,
      align: 'right' as const,
      render: count(s),
    })),
  ];

  const franchiseFilter = headOffice
    ? [
        {
          name: 'franchise_code',
          label: t('einvoice.franchise'),
          type: 'select' as const,
          options: franchises.data ?? [],
        },
      ]
    : [];
  const failedSelected = selected.map(String);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('einvoice.title')}
      </Typography.Title>
      {/* one tab's list at a time: the two filter forms never share a field's label */}
      <Tabs
        destroyOnHidden
        activeKey={tab}
        onChange={(k) => setTab(k as 'list' | 'summary')}
        items={[
          {
            key: 'list',
            label: t('einvoice.listTab'),
            children: (
              <>
                {drill ? (
                  <Tag
                    closable
                    closeIcon={<CloseOutlined aria-label={t('einvoice.clearDrill')} />}
                    onClose={() => setDrill(null)}
                    style={{ marginBottom: 12 }}
                    data-testid="einvoice-drill"
                  >
                    {t('einvoice.drill', {
                      franchise: drill.franchise_code,
                      date: formatDate(drill.posting_date),
                      state: drill.state ? labels.label('eInvoiceState', drill.state) : t('einvoice.allStates'),
                    })}
                  </Tag>
                ) : null}
                <ListPage<EInvoiceListItem>
                  area={EINVOICE_AREA}
                  op="eInvoices.list"
                  rowKey="pos_si_no"
                  exportName="e-invoices"
                  columns={columns}
                  fixedFilters={drillFilters}
                  defaultSort={{ field: 'posting_date', direction: 'desc' }}
                  selectable={canEdit}
                  selectedKeys={selected}
                  onSelect={(keys) => setSelected(keys)}
                  canSelect={(r) => r.state === 'failed'}
                  filters={[
                    {
                      name: 'state',
                      label: t('einvoice.state'),
                      type: 'select',
                      multiple: true,
                      options: labels.options('eInvoiceState'),
                    },
                    ...franchiseFilter,
                    { name: 'posting_date', label: t('einvoice.postingDate'), type: 'dateRange' },
                    {
                      name: 'document_type',
                      label: t('einvoice.documentType'),
                      type: 'select',
                      options: labels.options('revenueDocumentType'),
                    },
                    { name: 'pos_si_no', label: t('einvoice.document') },
                    { name: 'pos_so_no', label: t('einvoice.order') },
                    { name: 'invoice_no', label: t('einvoice.invoiceNo') },
                  ]}
                  toolbar={
                    canEdit ? (
                      <Button
                        icon={<RedoOutlined />}
                        disabled={failedSelected.length === 0}
                        loading={retry.isPending}
                        onClick={() => sendAgain(failedSelected)}
                      >
                        {failedSelected.length
                          ? t('einvoice.sendAgainSelected', { count: failedSelected.length })
                          : t('einvoice.sendAgain')}
                      </Button>
                    ) : null
                  }
                />
              </>
            ),
          },
          {
            key: 'summary',
            label: t('einvoice.summaryTab'),
            children: (
              <ListPage<EInvoiceSummaryRow>
                area={SUMMARY_AREA}
                op="eInvoices.summary"
                rowKey={(r) => `${r.franchise_code}|${r.posting_date}`}
                exportName="e-invoices-by-day"
                columns={summaryColumns}
                defaultSort={{ field: 'posting_date', direction: 'desc' }}
                filters={[
                  ...franchiseFilter,
                  { name: 'posting_date', label: t('einvoice.postingDate'), type: 'dateRange' },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={open !== null}
        title={t('einvoice.detailsTitle', { no: open ?? '' })}
        onCancel={() => setOpen(null)}
        footer={
          <Space>
            {canEdit && open !== null && opened.data?.state === 'failed' ? (
              <Button icon={<RedoOutlined />} loading={retry.isPending} onClick={() => sendAgain([open])}>
                {t('einvoice.sendAgain')}
              </Button>
            ) : null}
            <Button onClick={() => setOpen(null)}>{t('einvoice.close')}</Button>
          </Space>
        }
        width={1040}
        destroyOnHidden
      >
        {open !== null ? <EInvoiceDetails no={open} /> : null}
      </Modal>
    </>
  );
}
