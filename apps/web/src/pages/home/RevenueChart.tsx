import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@fp/contract/web';
import type { HeadOfficeHome } from '@fp/contract';

const THIS_COLOR = '#1677ff';
const LAST_COLOR = '#bfbfbf';
const amount = (v: unknown) => formatNumber(typeof v === 'number' ? v : Number(v));

/**
 * Head office's revenue by franchise, this month against last month, as grouped bars (recharts). Loaded on its own
 * by the head office dashboard (Dashboard.tsx), so neither the first load of / nor a store's home carries the chart
 * library. Amounts on the axis and in the tooltip are German-style; the table under it has the exact figures.
 */
export default function RevenueChart(p: {
  rows: HeadOfficeHome['revenue_by_franchise'];
  thisMonth: string;
  lastMonth: string;
}) {
  const data = p.rows.map((r) => ({
    name: r.franchise_code,
    [p.thisMonth]: Number(r.this_month),
    [p.lastMonth]: Number(r.last_month),
  }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart data={data} margin={{ top: 8, right: 16, left: 24, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis tickFormatter={amount} width={110} />
        <Tooltip formatter={(v) => amount(v)} />
        <Legend />
        <Bar dataKey={p.thisMonth} fill={THIS_COLOR} isAnimationActive={false} />
        <Bar dataKey={p.lastMonth} fill={LAST_COLOR} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
