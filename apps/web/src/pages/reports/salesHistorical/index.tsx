import { useMemo } from 'react';
import { Link } from 'react-router';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SalesHistoryRow } from '@fp/contract';
import { ListPage, type FilterField } from '../../../components/ListPage';
import { renderDate, renderMoney, renderNumber } from '../../../components/format';
import { statusColor, statusText } from '../../salesOrders/data';
import { REPORTS_AREA, salesHistoryUrl, useHeadOffice, useSalesFilters } from '../shared/data';

/**
 * /reports/salesHistorical: what customers bought, one row per order with a posted invoice (lines, quantity and
 * amount invoiced); find a customer by name, number or phone (with or without Vietnamese diacritics), by order
 * date, franchise, location and sales type. An order number opens its history.
 */
export default function SalesHistoryPage() {
  const headOffice = useHeadOffice();
  const salesFilters = useSalesFilters();
  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'customer_name', label: 'Customer' },
      { name: 'phone', label: 'Phone' },
      { name: 'customer_no', label: 'Customer No' },
      { name: 'pos_so_no', label: 'POSSO No' },
      { name: 'order_date', label: 'Order Date', type: 'dateRange' },
      ...salesFilters,
    ],
    [salesFilters],
  );
  const columns = useMemo<ColumnsType<SalesHistoryRow>>(
    () => [
      {
        title: 'POSSO No',
        dataIndex: 'pos_so_no',
        key: 'pos_so_no',
        sorter: true,
        render: (no: string) => <Link to={salesHistoryUrl(no)}>{no}</Link>,
      },
      { title: 'Order Date', dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
      { title: 'Customer No', dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: 'Customer Name', dataIndex: 'customer_name', key: 'customer_name', sorter: true },
      { title: 'Phone', dataIndex: 'phone', key: 'phone', sorter: true },
      ...(headOffice ? [{ title: 'Franchise', dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }] : []),
      { title: 'Location', dataIndex: 'location_code', key: 'location_code', sorter: true },
      { title: 'Sales Type', dataIndex: 'sales_type', key: 'sales_type', sorter: true },
      { title: 'Lines', dataIndex: 'lines', key: 'lines', align: 'right', sorter: true, render: renderNumber },
      { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right', sorter: true, render: renderNumber },
      { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', sorter: true, render: renderMoney },
      {
        title: 'Status',
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
      },
    ],
    [headOffice],
  );
  return (
    <ListPage<SalesHistoryRow>
      title="Sales History"
      area={REPORTS_AREA}
      op="salesHistory.list"
      rowKey="pos_so_no"
      exportName="sales-history"
      columns={columns}
      defaultSort={{ field: 'order_date', direction: 'desc' }}
      filters={filters}
    />
  );
}
