import { useTranslation } from 'react-i18next';
import { Empty, Spin } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@fp/contract/web';

export type ChartPoint = { label: string; value: number };

const COLOR = '#1677ff';
const axisNumber = (v: unknown) => formatNumber(typeof v === 'number' ? v : Number(v));

/**
 * One series of bars over a category axis (recharts: days, months, franchises, …). The chart is for looking: the
 * report's table beside it shows the exact amounts. Numbers on the axis and in the tooltip are German-style.
 */
export function ReportChart({
  title,
  data,
  loading,
  seriesName,
  integers,
}: {
  title: string;
  data: ChartPoint[];
  loading?: boolean;
  seriesName: string;
  /** Counts (customers): whole numbers on the axis. */
  integers?: boolean;
}) {
  const { t } = useTranslation();
  const height = 280;
  let body;
  if (loading && data.length === 0)
    body = (
      <div style={{ height, display: 'grid', placeItems: 'center' }}>
        <Spin />
      </div>
    );
  else if (data.length === 0)
    body = (
      <div style={{ height, display: 'grid', placeItems: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />
      </div>
    );
  else {
    body = (
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={!integers} tickFormatter={axisNumber} width={110} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => [axisNumber(v), seriesName]} />
          <Bar dataKey="value" name={seriesName} fill={COLOR} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    );
  }
  return (
    <figure
      className="report-chart"
      aria-label={title}
      data-testid="report-chart"
      style={{ margin: '0 0 16px', border: '1px solid #f0f0f0', borderRadius: 8, padding: '12px 8px 4px' }}
    >
      <figcaption style={{ fontWeight: 600, margin: '0 8px 8px' }}>{title}</figcaption>
      {body}
    </figure>
  );
}
