import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDate } from '@fp/contract/web';
import type { ListRequestInput, NewCustomerRow } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { ListPage, type FilterField } from '../../../components/ListPage';
import { renderDate } from '../../../components/format';
import { DateRangeForm, useDateRange } from '../shared/DateRange';
import { ReportChart } from '../shared/ReportChart';
import { REPORTS_AREA, orderUrl, useHeadOffice, useSalesFilters } from '../shared/data';

/**
 * /reports/newCustomerRecord: the customers created between two dates with the first order each placed, a chart of
 * new customers per day (same filters) and Export Excel.
 */
export default function NewCustomerRecordPage() {
  const { t } = useTranslation();
  const headOffice = useHeadOffice();
  const dates = useDateRange();
  const [request, setRequest] = useState<ListRequestInput | null>(null);
  const where = useSalesFilters({ salesType: false });
  const filterItems = request?.filters;
  const body = dates.range;

  const byDay = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'new-customers-by-day', { ...body, filterItems }),
    queryFn: () => call('customerReports.newCustomersByDay', { body: { ...body, filters: filterItems ?? [] } }),
    enabled: request !== null,
  });
  const points = useMemo(
    () => (byDay.data?.days ?? []).map((d) => ({ label: formatDate(d.date), value: d.customers })),
    [byDay.data],
  );
  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'name', label: 'Name' },
      { name: 'phone_no', label: 'Phone' },
      { name: 'customer_no', label: 'Customer No' },
      ...where,
    ],
    [where],
  );
  const columns = useMemo<ColumnsType<NewCustomerRow>>(
    () => [
      { title: 'Customer No', dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
      { title: 'Phone', dataIndex: 'phone_no', key: 'phone_no', sorter: true },
      ...(headOffice
        ? [
            { title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
            { title: 'Franchise Name', dataIndex: 'franchise_name', key: 'franchise_name', sorter: true },
          ]
        : []),
      { title: 'Location', dataIndex: 'location_code', key: 'location_code', sorter: true },
      { title: 'Created Date', dataIndex: 'created_date', key: 'created_date', sorter: true, render: renderDate },
      {
        title: 'First Order',
        dataIndex: 'first_order_no',
        key: 'first_order_no',
        sorter: true,
        render: (no: string) => (no ? <Link to={orderUrl(no)}>{no}</Link> : ''),
      },
      {
        title: 'First Order Date',
        dataIndex: 'first_order_date',
        key: 'first_order_date',
        sorter: true,
        render: renderDate,
      },
    ],
    [headOffice],
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        New Customer Records
      </Typography.Title>
      <DateRangeForm name="new-customers" state={dates} />
      <ReportChart
        title={t('reports.newCustomers.chartTitle', { count: byDay.data?.total ?? 0 })}
        seriesName={t('reports.newCustomers.series')}
        data={points}
        loading={byDay.isLoading || byDay.isFetching}
        integers
      />
      <ListPage<NewCustomerRow>
        area={REPORTS_AREA}
        op="customerReports.newCustomers"
        rowKey="customer_no"
        exportName="new-customer-records"
        columns={columns}
        body={body}
        onRequest={setRequest}
        defaultSort={{ field: 'created_date', direction: 'desc' }}
        filters={filters}
      />
    </>
  );
}
