import { T } from '../i18n/T';
import { formatDate, formatDateTime, formatNumber, formatPoints } from '@fp/contract/web';

/** Column renderers: money German-style (≤ 2 decimals), dates DD-MM-YYYY. */
export const renderMoney = (v: unknown) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(v as string)}</span>
);
export const renderDate = (v: unknown) => formatDate(v as string);
export const renderDateTime = (v: unknown) => formatDateTime(v as string);
export const renderBool = (v: unknown) => <T k={v ? 'common.yes' : 'common.no'} />;
/** Any other number (durations, quantities) German-style: "6,43". */
export const renderNumber = (v: unknown) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(v as string | number)}</span>
);
/** Loyalty points: whole points, German style ("1.234"); a fraction is never shown. */
export const renderPoints = (v: unknown) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPoints(v as string | number)}</span>
);
