import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ListRequestInput, RevenueDetailRow } from '@fp/contract';
import { call } from '../../../../api/client';
import { qk } from '../../../../api/keys';
import { ListPage } from '../../../../components/ListPage';
import { renderDate, renderMoney, renderNumber } from '../../../../components/format';
import { DateRangeForm, useDateRange } from '../../shared/DateRange';
import { TotalsRow, columnAt } from '../../shared/TotalsRow';
import { REPORTS_AREA, orderUrl, useHeadOffice, useSalesFilters } from '../../shared/data';
import { useLabels } from '../../../../components/labels';

/**
 * /reports/revenue/details: every posted invoice (+) and credit memo (−) between two dates, one row each, with the
 * totals of the filtered set and Export Excel; a document number opens its order.
 */
export default function RevenueDetailsPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const headOffice = useHeadOffice();
  const dates = useDateRange();
  const [request, setRequest] = useState<ListRequestInput | null>(null);
  const salesFilters = useSalesFilters();
  const filterItems = request?.filters;
  const body = dates.range;

  const totals = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'revenue-detail-total', { ...body, filterItems }),
    queryFn: () => call('revenueReports.detailTotal', { body: { ...body, filters: filterItems ?? [] } }),
    enabled: request !== null,
  });

  const columns = useMemo<ColumnsType<RevenueDetailRow>>(
    () => [
      {
        title: t('fields.type'),
        dataIndex: 'document_type',
        key: 'document_type',
        sorter: true,
        render: labels.render('revenueDocumentType'),
      },
      {
        title: t('fields.documentNo'),
        dataIndex: 'document_no',
        key: 'document_no',
        sorter: true,
        render: (v: string, r) => <Link to={orderUrl(r.pos_so_no)}>{v}</Link>,
      },
      { title: t('reports.posSoNo'), dataIndex: 'pos_so_no', key: 'pos_so_no', sorter: true },
      {
        title: t('fields.postingDate'),
        dataIndex: 'posting_date',
        key: 'posting_date',
        sorter: true,
        render: renderDate,
      },
      ...(headOffice
        ? [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
        : []),
      { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
      { title: t('reports.salesType'), dataIndex: 'sales_type', key: 'sales_type', sorter: true },
      { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: t('fields.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true },
      {
        title: t('fields.quantity'),
        dataIndex: 'quantity',
        key: 'quantity',
        align: 'right',
        sorter: true,
        render: renderNumber,
      },
      {
        title: t('fields.amount'),
        dataIndex: 'amount',
        key: 'amount',
        align: 'right',
        sorter: true,
        render: renderMoney,
      },
    ],
    [t, headOffice, labels],
  );
  const filters = useMemo(
    () => [
      { name: 'document_no', label: t('fields.documentNo') },
      { name: 'pos_so_no', label: t('reports.posSoNo') },
      ...salesFilters,
      { name: 'customer_name', label: t('reports.customer') },
    ],
    [t, salesFilters],
  );
  const tot = totals.data;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reports.revenue.detailsTitle')}
      </Typography.Title>
      <DateRangeForm name="revenue-detail" state={dates} />
      <ListPage<RevenueDetailRow>
        area={REPORTS_AREA}
        op="revenueReports.detail"
        rowKey="document_no"
        exportName="revenue-details"
        columns={columns}
        body={body}
        onRequest={setRequest}
        defaultSort={{ field: 'posting_date', direction: 'desc' }}
        filters={filters}
        tableProps={{
          summary: () =>
            tot ? (
              <TotalsRow
                testId="revenue-detail-totals"
                label={t('reports.revenue.documents', { count: tot.documents })}
                labelSpan={columnAt(columns, 'quantity')}
                columnCount={columns.length}
                figures={{
                  [columnAt(columns, 'quantity')]: renderNumber(tot.quantity),
                  [columnAt(columns, 'amount')]: renderMoney(tot.net_amount),
                }}
              />
            ) : null,
        }}
      />
    </>
  );
}
