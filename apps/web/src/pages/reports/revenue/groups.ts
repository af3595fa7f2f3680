import type { RevenueGroupBy } from '@fp/contract';

/** The groupings of the revenue summary (api.md Reports: group_by; the server's default is day). */
export const GROUP_BY_TITLE: Record<RevenueGroupBy, string> = {
  franchise: 'Franchise',
  location: 'Location',
  day: 'Day',
  month: 'Month',
  sales_type: 'Sales Type',
};

export const GROUP_BY_OPTIONS = (Object.keys(GROUP_BY_TITLE) as RevenueGroupBy[]).map((value) => ({
  value,
  label: GROUP_BY_TITLE[value],
}));

export const keyTitle = (g: RevenueGroupBy) => GROUP_BY_TITLE[g];

/** Franchises and locations have a name beside their code; days, months and sales types are their own name. */
export const isNamed = (g: RevenueGroupBy) => g === 'franchise' || g === 'location';

/**
 * What a group is called on screen and on the chart's axis: the server's label for days (DD-MM-YYYY) and months
 * (MM-YYYY), the code (key) for the others.
 */
export const groupName = (g: RevenueGroupBy, row: { key: string; label: string }) =>
  g === 'day' || g === 'month' ? row.label : row.key;
