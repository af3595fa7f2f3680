import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Form, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MAX_PAGE_SIZE } from '@fp/contract/web';
import { type ListRequestInput, type RevenueGroupBy, type RevenueSummaryRow } from '@fp/contract';
import { call } from '../../../../api/client';
import { qk } from '../../../../api/keys';
import { ListPage } from '../../../../components/ListPage';
import { renderMoney, renderNumber } from '../../../../components/format';
import { DateRangeForm, useDateRange } from '../../shared/DateRange';
import { ReportChart } from '../../shared/ReportChart';
import { TotalsRow, columnAt } from '../../shared/TotalsRow';
import { REPORTS_AREA, useSalesFilters } from '../../shared/data';
import { groupByOptions, groupName, isNamed, keyTitle } from '../groups';

/**
 * /reports/revenue/summaries: net revenue of the posted invoices less the posted credit memos between two dates,
 * grouped by franchise, location, day, month or sales type: a chart of the net amount, the table with its totals
 * row (the total call: every filtered row) and Export Excel of the whole filtered set.
 */
export default function RevenueSummariesPage() {
  const { t } = useTranslation();
  const dates = useDateRange();
  const [groupBy, setGroupBy] = useState<RevenueGroupBy>('day');
  const [request, setRequest] = useState<ListRequestInput | null>(null);
  const filters = useSalesFilters({ items: true });
  const body = useMemo(() => ({ ...dates.range, group_by: groupBy }), [dates.range, groupBy]);
  const filterItems = request?.filters;

  const totals = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'revenue-summary-total', { ...body, filterItems }),
    queryFn: () => call('revenueReports.summaryTotal', { body: { ...body, filters: filterItems ?? [] } }),
    enabled: request !== null,
  });
  // The chart draws every group of the filtered set (a month has at most 31 days; groups are few), in key order.
  const chart = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'revenue-summary-chart', { ...body, filterItems }),
    queryFn: () =>
      call('revenueReports.summary', {
        body: {
          ...body,
          filters: filterItems ?? [],
          pagination: { page: 1, size: MAX_PAGE_SIZE },
          sort_order: { field: 'key', direction: 'asc' },
        },
      }),
    enabled: request !== null,
  });
  const points = useMemo(
    () => (chart.data?.items ?? []).map((r) => ({ label: groupName(groupBy, r), value: Number(r.net_amount) })),
    [chart.data, groupBy],
  );

  const named = isNamed(groupBy);
  const columns: ColumnsType<RevenueSummaryRow> = [
    {
      title: keyTitle(t, groupBy),
      dataIndex: 'key',
      key: 'key',
      sorter: true,
      render: (_: unknown, r) => groupName(groupBy, r),
    },
    ...(named
      ? [
          {
            title: t('fields.name'),
            dataIndex: 'label',
            key: 'label',
            render: (_: unknown, r: RevenueSummaryRow) => r.label,
          },
        ]
      : []),
    {
      title: t('reports.revenue.documentsColumn'),
      dataIndex: 'documents',
      key: 'documents',
      align: 'right',
      sorter: true,
      render: renderNumber,
    },
    {
      title: t('fields.quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      align: 'right',
      sorter: true,
      render: renderNumber,
    },
    {
      title: t('reports.revenue.sales'),
      dataIndex: 'sales_amount',
      key: 'sales_amount',
      align: 'right',
      sorter: true,
      render: renderMoney,
    },
    {
      title: t('reports.revenue.returns'),
      dataIndex: 'return_amount',
      key: 'return_amount',
      align: 'right',
      sorter: true,
      render: renderMoney,
    },
    {
      title: t('reports.revenue.netColumn'),
      dataIndex: 'net_amount',
      key: 'net_amount',
      align: 'right',
      sorter: true,
      render: renderMoney,
    },
  ];
  const tot = totals.data;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reports.revenue.summariesTitle')}
      </Typography.Title>
      <DateRangeForm name="revenue-summary" state={dates}>
        <Form.Item label={t('reports.groupBy.label')} htmlFor="revenue-group-by">
          <Select
            id="revenue-group-by"
            aria-label={t('reports.groupBy.label')}
            style={{ width: 160 }}
            value={groupBy}
            options={groupByOptions(t)}
            onChange={setGroupBy}
          />
        </Form.Item>
      </DateRangeForm>
      <ReportChart
        title={t('reports.revenue.chartTitle', { group: keyTitle(t, groupBy) })}
        seriesName={t('reports.revenue.net')}
        data={points}
        loading={chart.isLoading || chart.isFetching}
      />
      <ListPage<RevenueSummaryRow>
        area={REPORTS_AREA}
        op="revenueReports.summary"
        rowKey="key"
        exportName="revenue-summary"
        columns={columns}
        body={body}
        onRequest={setRequest}
        defaultSort={{ field: 'key', direction: 'asc' }}
        filters={filters}
        tableProps={{
          summary: () =>
            tot ? (
              <TotalsRow
                testId="revenue-summary-totals"
                label={t('reports.total')}
                labelSpan={named ? 2 : 1}
                columnCount={columns.length}
                figures={{
                  [columnAt(columns, 'documents')]: renderNumber(tot.documents),
                  [columnAt(columns, 'quantity')]: renderNumber(tot.quantity),
                  [columnAt(columns, 'sales_amount')]: renderMoney(tot.sales_amount),
                  [columnAt(columns, 'return_amount')]: renderMoney(tot.return_amount),
                  [columnAt(columns, 'net_amount')]: renderMoney(tot.net_amount),
                }}
              />
            ) : null,
        }}
      />
    </>
  );
}
