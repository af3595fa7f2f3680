import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DATE_DISPLAY,
  DATE_ISO,
  businessDate,
  formatNumber,
  warehouseMessages,
  type ItemStockRow,
  type ListRequestInput,
} from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { ListPage } from '../../../components/ListPage';
import { renderNumber } from '../../../components/format';
import { REPORTS_AREA, positionKey, useCategoryOptions, useLocations } from '../../warehouseEntries/data';

const FIGURES = ['opening', 'quantity_in', 'quantity_out', 'closing'] as const;

/**
 * /reports/inventoryReport: item stock between two dates (inclusive): opening, in, out and closing per location, item
 * and variant, with the totals of every filtered row (not only the page's) and Export Excel.
 */
export default function InventoryReportPage() {
  const { t } = useTranslation();
  const locations = useLocations();
  const categories = useCategoryOptions();
  const today = dayjs(businessDate(), DATE_ISO);
  const [from, setFrom] = useState<Dayjs | null>(today.startOf('month'));
  const [to, setTo] = useState<Dayjs | null>(today);
  const [range, setRange] = useState({
    from_date: today.startOf('month').format(DATE_ISO),
    to_date: today.format(DATE_ISO),
  });
  const [request, setRequest] = useState<ListRequestInput | null>(null);
  const wrongOrder = !!from && !!to && from.isAfter(to, 'day');

  const change = (f: Dayjs | null, t2: Dayjs | null) => {
    setFrom(f);
    setTo(t2);
    // The list keeps the last valid range until both dates are given in order.
    if (f && t2 && !f.isAfter(t2, 'day')) setRange({ from_date: f.format(DATE_ISO), to_date: t2.format(DATE_ISO) });
  };

  const totalsBody = useMemo(
    () => (request ? { ...range, filters: request.filters, pagination: { page: 1, size: 1 } } : null),
    [request, range],
  );
  const totals = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'inventory-totals', totalsBody),
    queryFn: () => call('warehouse.itemStockTotals', { body: totalsBody! }),
    enabled: totalsBody !== null,
  });

  const columns: ColumnsType<ItemStockRow> = [
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    { title: t('fields.category'), dataIndex: 'category_code', key: 'category_code', sorter: true },
    { title: t('reports.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    {
      title: t('reports.inventory.opening'),
      dataIndex: 'opening',
      key: 'opening',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('reports.inventory.in'),
      dataIndex: 'quantity_in',
      key: 'quantity_in',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('reports.inventory.out'),
      dataIndex: 'quantity_out',
      key: 'quantity_out',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('reports.inventory.closing'),
      dataIndex: 'closing',
      key: 'closing',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
  ];
  const body = useMemo(() => range, [range]);

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reports.inventory.title')}
      </Typography.Title>
      <Form layout="inline" name="inventory-range" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('reports.fromDate')} htmlFor="inventory-from">
          <DatePicker
            id="inventory-from"
            format={[DATE_DISPLAY, 'DD/MM/YYYY']}
            allowClear={false}
            value={from}
            onChange={(d) => change(d, to)}
          />
        </Form.Item>
        <Form.Item
          label={t('reports.toDate')}
          htmlFor="inventory-to"
          validateStatus={wrongOrder ? 'error' : undefined}
          help={wrongOrder ? warehouseMessages.dateOrder : undefined}
        >
          <DatePicker
            id="inventory-to"
            format={[DATE_DISPLAY, 'DD/MM/YYYY']}
            allowClear={false}
            value={to}
            onChange={(d) => change(from, d)}
          />
        </Form.Item>
      </Form>
      <ListPage<ItemStockRow>
        area={REPORTS_AREA}
        op="stockReports.inventory"
        rowKey={positionKey}
        exportName="inventory-report"
        columns={columns}
        body={body}
        onRequest={setRequest}
        defaultSort={{ field: 'item_no', direction: 'asc' }}
        filters={[
          {
            name: 'location_code',
            label: t('fields.location'),
            type: 'select',
            options: locations.options.map((l) => ({ value: l.value, label: l.label })),
          },
          { name: 'item_no', label: t('fields.itemNo') },
          { name: 'description', label: t('fields.description') },
          { name: 'category_code', label: t('fields.category'), type: 'select', condition: 'in', options: categories },
        ]}
        tableProps={{
          summary: () =>
            totals.data ? (
              <Table.Summary fixed>
                <Table.Summary.Row data-testid="inventory-totals">
                  <Table.Summary.Cell index={0} colSpan={6}>
                    <strong>
                      {totals.data.rows_capped
                        ? t('stock.report.totalsCapped', { total: formatNumber(totals.data.rows) })
                        : t('stock.report.totals', { count: totals.data.rows })}
                    </strong>
                  </Table.Summary.Cell>
                  {FIGURES.map((f, i) => (
                    <Table.Summary.Cell key={f} index={6 + i} align="right">
                      <strong>{renderNumber(totals.data[f])}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null,
        }}
      />
    </>
  );
}
