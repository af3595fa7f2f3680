import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, type FilterItem, type ListRequestInput } from '@fp/contract';
import { salesOrderClosedStatuses, salesOrderOpenStatuses } from '@fp/contract/machines';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useCan } from '../../../auth/session';
import { SALES_AREA, statusColor, statusText } from '../../salesOrders/data';
import { TABLET_SCAN_PAGE, tabletDetailUrl } from './data';
import { TABLET_PAGE_SIZE, TabletList, useTabletListState } from './TabletList';
import { TOUCH } from './Touch';
import { EInvoiceTag } from '../../eInvoices/parts';

/** What a typed search filters: a phone number, an order number (has digits and letters) or the customer's name. */

/** The rows' grid (CSS grid-template-columns). */
const GRID = { columns: 'minmax(0, 2.2fr) minmax(0, 1.2fr) minmax(0, 2.5fr) minmax(0, 1.4fr)' } as const;
export function searchFilter(text: string): FilterItem | null {
  const s = text.trim();
  if (!s) return null;
  if (/^\+?[\d\s.-]{6,}$/.test(s))
    return { field: 'sell_to_phone_no', value: s.replace(/[\s.-]/g, ''), condition_type: 'like' };
  if (/\d/.test(s)) return { field: 'pos_so_no', value: s, condition_type: 'like' };
  return { field: 'customer_name', value: s, condition_type: 'like' };
}

/**
 * /tablet/salesOrders (open, released, confirmed, partial delivered, shipped) and /tablet/salesOrdersInvoicedCanceled:
 * server-paged rows a finger opens, status chips and one search field.
 */
export function TabletSalesList({ variant }: { variant: 'open' | 'closed' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const statuses = variant === 'open' ? salesOrderOpenStatuses : salesOrderClosedStatuses;
  const canAdd = useCan('/tablet/salesOrders', 'edit') && variant === 'open';
  const canScan = useCan(TABLET_SCAN_PAGE, 'view');
  const state = useTabletListState();
  const { page, search, status } = state;

  const request = useMemo<ListRequestInput>(() => {
    const filters: FilterItem[] = [
      { field: 'document_type', value: 'order', condition_type: 'eq' },
      { field: 'status', value: status ?? statuses.join('|'), condition_type: 'in' },
    ];
    const s = searchFilter(search);
    if (s) filters.push(s);
    return {
      pagination: { page, size: TABLET_PAGE_SIZE },
      filters,
      sort_order: { field: 'order_date', direction: 'desc' },
    };
  }, [page, search, status, statuses]);
  const list = useQuery({
    queryKey: qk.list(SALES_AREA, { tablet: true, ...request }),
    queryFn: () => call('salesOrders.list', { body: request }),
    placeholderData: keepPreviousData,
  });

  return (
    <TabletList
      title={variant === 'open' ? t('tablet.sales.title') : t('tablet.sales.closedTitle')}
      actions={
        canScan && variant === 'open' ? (
          <Button icon={<ScanOutlined />} onClick={() => void navigate(TABLET_SCAN_PAGE)}>
            {t('tablet.scan.open')}
          </Button>
        ) : null
      }
      addTo={canAdd ? '/tablet/salesOrders/detail' : undefined}
      search={{ label: t('tablet.sales.search'), placeholder: t('tablet.sales.searchPlaceholder') }}
      statuses={statuses}
      statusText={statusText}
      labels={{
        statuses: t('tablet.sales.statuses'),
        all: t('tablet.sales.all'),
        rows: t('tablet.sales.rows'),
        empty: t('tablet.sales.empty'),
        loadFailed: t('tablet.sales.loadFailed'),
      }}
      state={state}
      list={list}
      columns={GRID.columns}
      rowTestId="tablet-order-row"
      row={(r) => ({
        key: r.pos_so_no,
        to: tabletDetailUrl(r),
        label: `${r.pos_so_no} ${statusText(r.status)}`,
        cells: (
          <>
            <span>
              <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{r.pos_so_no}</strong>
              <Typography.Text type="secondary">
                {formatDate(r.order_date)} · {r.location_code}
              </Typography.Text>
            </span>
            <span>
              <Tag color={statusColor[r.status]}>{statusText(r.status)}</Tag>
              {/* issue 21: the invoiced orders' e-invoice state */}
              {variant === 'closed' ? <EInvoiceTag state={r.e_invoice_state} /> : null}
            </span>
            <span style={{ overflowWrap: 'anywhere' }}>
              {r.customer_name || r.customer_no || t('tablet.sales.noCustomer')}
              {r.sell_to_phone_no ? (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {r.sell_to_phone_no}
                </Typography.Text>
              ) : null}
            </span>
            <span style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <strong style={{ display: 'block' }}>{formatNumber(r.grand_total)}</strong>
              {variant === 'open' ? (
                <Typography.Text type="secondary">
                  {t('tablet.sales.remaining', { amount: formatNumber(r.remaining_amount) })}
                </Typography.Text>
              ) : null}
            </span>
          </>
        ),
      })}
      footer={
        variant === 'open' ? (
          <Link
            to="/tablet/salesOrdersInvoicedCanceled"
            style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
          >
            {t('tablet.sales.closedTitle')}
          </Link>
        ) : (
          <Link
            to="/tablet/salesOrders"
            style={{ display: 'inline-block', minHeight: TOUCH, lineHeight: `${TOUCH}px` }}
          >
            {t('tablet.sales.title')}
          </Link>
        )
      }
    />
  );
}
