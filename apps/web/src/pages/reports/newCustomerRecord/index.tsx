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
      { name: 'name', label: t('fields.name') },
      { name: 'phone_no', label: t('reports.phone') },
      { name: 'customer_no', label: t('fields.customerNo') },
      ...where,
    ],
    [t, where],
  );
  const columns = useMemo<ColumnsType<NewCustomerRow>>(
    () => [
      { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true },
      { title: t('reports.phone'), dataIndex: 'phone_no', key: 'phone_no', sorter: true },
      ...(headOffice
        ? [
            { title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true },
            {
              title: t('reports.newCustomers.franchiseName'),
              dataIndex: 'franchise_name',
              key: 'franchise_name',
              sorter: true,
            },
          ]
        : []),
      { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
      {
        title: t('reports.newCustomers.createdDate'),
        dataIndex: 'created_date',
        key: 'created_date',
        sorter: true,
        render: renderDate,
      },
      {
        title: t('reports.newCustomers.firstOrder'),
        dataIndex: 'first_order_no',
        key: 'first_order_no',
        sorter: true,
        render: (no: string) => (no ? <Link to={orderUrl(no)}>{no}</Link> : ''),
      },
      {
        title: t('reports.newCustomers.firstOrderDate'),
        dataIndex: 'first_order_date',
        key: 'first_order_date',
        sorter: true,
        render: renderDate,
      },
    ],
    [t, headOffice],
  );

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reports.newCustomers.title')}
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
