import type { TFunction } from 'i18next';
import { revenueGroupBys, type RevenueGroupBy } from '@fp/contract';

/**
 * What a grouping of the revenue summary is called (api.md Reports: group_by; the server's default is day): its column
 * title and its choice in Group By, en.json reports.groupBy.<group_by>.
 */
export const keyTitle = (t: TFunction, g: RevenueGroupBy) => t(`reports.groupBy.${g}`);

export const groupByOptions = (t: TFunction) => revenueGroupBys.map((value) => ({ value, label: keyTitle(t, value) }));

/** Franchises and locations have a name beside their code; days, months and sales types are their own name. */
export const isNamed = (g: RevenueGroupBy) => g === 'franchise' || g === 'location';

/**
 * What a group is called on screen and on the chart's axis: the server's label for days (DD-MM-YYYY) and months
 * (MM-YYYY), the code (key) for the others.
 */
export const groupName = (g: RevenueGroupBy, row: { key: string; label: string }) =>
  g === 'day' || g === 'month' ? row.label : row.key;
