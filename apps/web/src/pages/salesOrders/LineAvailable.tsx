import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, type SalesLine } from '@fp/contract';
import type { LineStock } from './lines';

/** A line's stock (issue 17): what is on hand where it ships from, or a warning tag when the lines there need more. */
export function LineAvailable({ line, stock }: { line: SalesLine; stock?: LineStock }) {
  const { t } = useTranslation();
  const n = stock?.available(line) ?? null;
  if (n === null || !stock) return null;
  return stock.short(line) ? (
    <Tag color="warning" data-testid="line-short" title={t('sales.stock.shortHint')}>
      {t('sales.stock.short', { quantity: formatNumber(n) })}
    </Tag>
  ) : (
    <span data-testid="line-available">{t('sales.stock.available', { quantity: formatNumber(n) })}</span>
  );
}
