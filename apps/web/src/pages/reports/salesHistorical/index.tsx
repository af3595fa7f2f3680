import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const headOffice = useHeadOffice();
  const salesFilters = useSalesFilters();
  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'customer_name', label: t('reports.customer') },
      { name: 'phone', label: t('reports.phone') },
      { name: 'customer_no', label: t('fields.customerNo') },
      { name: 'pos_so_no', label: t('reports.posSoNo') },
      { name: 'order_date', label: t('reports.orderDate'), type: 'dateRange' },
      ...salesFilters,
    ],
    [t, salesFilters],
  );
  const columns = useMemo<ColumnsType<SalesHistoryRow>>(
    () => [
      {
        title: t('reports.posSoNo'),
        dataIndex: 'pos_so_no',
        key: 'pos_so_no',
        sorter: true,
        render: (no: string) => <Link to={salesHistoryUrl(no)}>{no}</Link>,
      },
      { title: t('reports.orderDate'), dataIndex: 'order_date', key: 'order_date', sorter: true, render: renderDate },
      { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: t('fields.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true },
      { title: t('reports.phone'), dataIndex: 'phone', key: 'phone', sorter: true },
      ...(headOffice
        ? [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
        : []),
      { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
      { title: t('reports.salesType'), dataIndex: 'sales_type', key: 'sales_type', sorter: true },
      {
        title: t('reports.history.lineCount'),
        dataIndex: 'lines',
        key: 'lines',
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
        title: t('fields.amount'),
        dataIndex: 'amount',
        key: 'amount',
        align: 'right',
        sorter: true,
        render: renderMoney,
      },
      {
        title: t('fields.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        render: (s: string) => <Tag color={statusColor[s]}>{statusText(s)}</Tag>,
      },
    ],
    [t, headOffice],
  );
  return (
    <ListPage<SalesHistoryRow>
      title={t('reports.history.listTitle')}
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
