import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportMessages, salesTypes } from '@fp/contract';
import { useSession } from '../../../auth/session';
import type { FilterField } from '../../../components/ListPage';
import { useCategoryOptions, useLocations } from '../../warehouseEntries/data';

// What the sales reports share (issue 11): their query area, the filter choices and the links they open.

/** The reports' queries (revenue, sales history, new customers, points used). */
export const REPORTS_AREA = 'revenueReports';

/** The server's words for a range whose end is before its start (400 naming to_date). */
export const REPORT_DATE_ORDER = reportMessages.dateOrder;

/** Whether the user is head office (no franchise of their own): only head office chooses a franchise. */
export function useHeadOffice() {
  const { me } = useSession();
  return Boolean(me) && !me?.franchise_code;
}

/** The order a document belongs to (its detail opens on the invoiced route when it is invoiced). */
export const orderUrl = (posSoNo: string) => `/salesOrders/detail?no=${encodeURIComponent(posSoNo)}`;
export const salesHistoryUrl = (posSoNo: string) => `/reports/salesHistorical/${encodeURIComponent(posSoNo)}`;

export const SALES_TYPE_OPTIONS = salesTypes.map((s) => ({ value: s, label: s }));

/**
 * The filters a report offers for where and what was sold: franchise (head office only), location, sales type and,
 * where the report has them, item and category.
 */
export function useSalesFilters(o: { items?: boolean; salesType?: boolean } = {}): FilterField[] {
  const { t } = useTranslation();
  const headOffice = useHeadOffice();
  const locations = useLocations();
  const categories = useCategoryOptions();
  return useMemo(() => {
    const franchises = [...new Set(locations.options.map((l) => l.franchise))].sort();
    const fields: FilterField[] = [];
    if (headOffice)
      fields.push({
        name: 'franchise_code',
        label: t('fields.franchise'),
        type: 'select',
        options: franchises.map((f) => ({ value: f, label: f })),
      });
    fields.push({
      name: 'location_code',
      label: t('fields.location'),
      type: 'select',
      options: locations.options.map((l) => ({ value: l.value, label: l.label })),
    });
    if (o.salesType !== false)
      fields.push({ name: 'sales_type', label: t('reports.salesType'), type: 'select', options: SALES_TYPE_OPTIONS });
    if (o.items) {
      fields.push({ name: 'item_no', label: t('fields.itemNo') });
      fields.push({
        name: 'category_code',
        label: t('fields.category'),
        type: 'select',
        condition: 'in',
        options: categories,
      });
    }
    return fields;
  }, [t, headOffice, locations.options, categories, o.items, o.salesType]);
}
