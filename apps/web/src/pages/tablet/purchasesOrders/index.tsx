import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type FilterItem, type ListRequestInput } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useCan } from '../../../auth/session';
import { PURCHASE_AREA, detailUrl, purchaseOpenStatuses, statusColor, statusText } from '../../purchasesOrders/data';
import { TABLET_PAGE_SIZE, TabletList, useTabletListState } from '../salesOrders/TabletList';

/** A CSS grid template of shrinkable columns with these shares (fr) of the row. */
const gridColumns = (...shares: number[]) => shares.map((fr) => `minmax(0, ${fr}fr)`).join(' ');

/** /tablet/purchasesOrders: the open purchase orders as rows a finger opens, status chips and one search field. */
export default function TabletPurchaseOrdersPage() {
  const { t } = useTranslation();
  const canAdd = useCan('/tablet/purchasesOrders', 'edit');
  const state = useTabletListState();
  const { page, search, status } = state;

  const request = useMemo<ListRequestInput>(() => {
    const filters: FilterItem[] = [
      { field: 'type', value: 'Order', condition_type: 'eq' },
      { field: 'status', value: status ?? purchaseOpenStatuses.join('|'), condition_type: 'in' },
    ];
    if (search) filters.push({ field: 'pos_po_no', value: search, condition_type: 'like' });
    return {
      pagination: { page, size: TABLET_PAGE_SIZE },
      filters,
      sort_order: { field: 'order_date', direction: 'desc' },
    };
  }, [page, search, status]);
  const list = useQuery({
    queryKey: qk.list(PURCHASE_AREA, { tablet: true, ...request }),
    queryFn: () => call('purchaseOrders.list', { body: request }),
    placeholderData: keepPreviousData,
  });

  return (
    <TabletList
      title={t('purchasing.list.title')}
      addTo={canAdd ? '/tablet/purchasesOrders/detail' : undefined}
      search={{ label: t('purchasing.tablet.search'), placeholder: t('purchasing.tablet.searchPlaceholder') }}
      statuses={purchaseOpenStatuses}
      statusText={statusText}
      labels={{
        statuses: t('purchasing.tablet.statuses'),
        all: t('purchasing.tablet.all'),
        rows: t('purchasing.tablet.rows'),
        empty: t('purchasing.tablet.empty'),
        loadFailed: t('purchasing.tablet.loadFailed'),
      }}
      state={state}
      list={list}
      columns={gridColumns(2.2, 1.4, 2.2, 1.4)}
      rowTestId="tablet-purchase-row"
      row={(r) => ({
        key: r.pos_po_no,
        to: detailUrl(r, true),
        label: `${r.pos_po_no} ${statusText(r.status)}`,
        cells: (
          <>
            <span>
              <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{r.pos_po_no}</strong>
              <Typography.Text type="secondary">
                {formatDate(r.order_date)} · {r.location_code}
              </Typography.Text>
            </span>
            <span>
              <Tag color={statusColor[r.status]}>{statusText(r.status)}</Tag>
            </span>
            <span style={{ overflowWrap: 'anywhere' }}>
              {r.vendor_name}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {t('purchasing.tablet.receiptDate', { date: formatDate(r.requested_receipt_date) })}
              </Typography.Text>
            </span>
            <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <strong style={{ display: 'block' }}>{formatNumber(r.grand_total)}</strong>
              <Typography.Text type="secondary">
                {t('purchasing.tablet.remaining', { amount: formatNumber(r.remaining_amount) })}
              </Typography.Text>
            </span>
          </>
        ),
      })}
    />
  );
}
