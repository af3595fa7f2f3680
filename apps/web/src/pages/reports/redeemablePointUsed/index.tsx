import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ListRequestInput, PointsUsedRow } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { ListPage, type FilterField } from '../../../components/ListPage';
import { renderDate, renderMoney, renderNumber } from '../../../components/format';
import { DateRangeForm, useDateRange } from '../shared/DateRange';
import { TotalsRow, columnAt } from '../shared/TotalsRow';
import { REPORTS_AREA, orderUrl, useHeadOffice } from '../shared/data';

/**
 * /reports/redeemablePointUsed: the redeemable points used on orders between two dates (product.md 3 "Redeemable
 * points used") with their value, the totals of the filtered set and Export Excel.
 */
export default function RedeemablePointUsedPage() {
  const { t } = useTranslation();
  const headOffice = useHeadOffice();
  const dates = useDateRange();
  const [request, setRequest] = useState<ListRequestInput | null>(null);
  const filterItems = request?.filters;
  const body = dates.range;

  const totals = useQuery({
    queryKey: qk.other(REPORTS_AREA, 'points-used-total', { ...body, filterItems }),
    queryFn: () => call('customerReports.redeemablePointsUsedTotal', { body: { ...body, filters: filterItems ?? [] } }),
    enabled: request !== null,
  });
  const filters = useMemo<FilterField[]>(
    () => [
      { name: 'pos_so_no', label: t('reports.posSoNo') },
      { name: 'customer_no', label: t('fields.customerNo') },
      { name: 'customer_name', label: t('reports.customer') },
      { name: 'referral_code', label: t('reports.referralCode') },
      { name: 'website_no', label: t('reports.websiteNo') },
      ...(headOffice ? [{ name: 'franchise_code', label: t('fields.franchise') }] : []),
    ],
    [t, headOffice],
  );
  const columns = useMemo<ColumnsType<PointsUsedRow>>(
    () => [
      {
        title: t('reports.posSoNo'),
        dataIndex: 'pos_so_no',
        key: 'pos_so_no',
        sorter: true,
        render: (no: string) => (no ? <Link to={orderUrl(no)}>{no}</Link> : ''),
      },
      { title: t('fields.customerNo'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
      { title: t('fields.customerName'), dataIndex: 'customer_name', key: 'customer_name', sorter: true },
      ...(headOffice
        ? [{ title: t('fields.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
        : []),
      { title: t('reports.referralCode'), dataIndex: 'referral_code', key: 'referral_code', sorter: true },
      {
        title: t('reports.pointsUsed.points'),
        dataIndex: 'redeemable_point_used',
        key: 'redeemable_point_used',
        align: 'right',
        sorter: true,
        render: renderNumber,
      },
      { title: t('reports.pointsUsed.source'), dataIndex: 'source', key: 'source', sorter: true },
      { title: t('reports.websiteNo'), dataIndex: 'website_no', key: 'website_no', sorter: true },
      { title: t('fields.date'), dataIndex: 'posting_date', key: 'posting_date', sorter: true, render: renderDate },
      {
        title: t('reports.pointsUsed.value'),
        dataIndex: 'value',
        key: 'value',
        align: 'right',
        sorter: true,
        render: renderMoney,
      },
    ],
    [t, headOffice],
  );
  const pointsAt = columnAt(columns, 'redeemable_point_used');
  const tot = totals.data;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reports.pointsUsed.title')}
      </Typography.Title>
      <DateRangeForm name="points-used" state={dates} />
      <ListPage<PointsUsedRow>
        area={REPORTS_AREA}
        op="customerReports.redeemablePointsUsed"
        rowKey="id"
        exportName="redeemable-points-used"
        columns={columns}
        body={body}
        onRequest={setRequest}
        defaultSort={{ field: 'posting_date', direction: 'desc' }}
        filters={filters}
        tableProps={{
          summary: () =>
            tot ? (
              <TotalsRow
                testId="points-used-totals"
                label={t('reports.points.entries', { count: tot.entries })}
                labelSpan={pointsAt}
                columnCount={columns.length}
                figures={{
                  [pointsAt]: renderNumber(tot.redeemable_point_used),
                  [columnAt(columns, 'value')]: renderMoney(tot.value),
                }}
              />
            ) : null,
        }}
      />
    </>
  );
}
