import { useEffect, useState } from 'react';
import { InputNumber, Tag, Tooltip } from 'antd';
import { formatNumber, priceSourceLabels, type ItemRow } from '@fp/contract';

/** Where the effective price came from, with the price list or rate. */
export function PriceSourceTag({ row }: { row: ItemRow }) {
  const color = row.price_source === 'item_price' ? 'green' : row.price_source === 'price_rate' ? 'blue' : 'default';
  const detail = row.price_source === 'item_price' ? row.price_list : row.price_source === 'price_rate' ? `× ${formatNumber(row.price_rate)}` : null;
  return (
    <Tooltip title={detail ? `${priceSourceLabels[row.price_source]} ${detail}` : priceSourceLabels[row.price_source]}>
      <Tag color={color}>
        {priceSourceLabels[row.price_source]}
        {detail ? ` · ${detail}` : ''}
      </Tag>
    </Tooltip>
  );
}

/** The franchise's price rate, edited in place: Enter or leaving the field saves a changed value. */
export function RateCell({ row, disabled, onSave }: { row: ItemRow; disabled: boolean; onSave: (rate: string) => void }) {
  const initial = row.price_rate === null ? null : String(Number(row.price_rate));
  const [value, setValue] = useState<string | null>(initial);
  useEffect(() => setValue(initial), [initial]);
  const commit = () => {
    if (value !== null && value !== initial) onSave(value);
  };
  if (row.price_rate === null) return <span aria-label="No franchise">–</span>;
  return (
    <InputNumber<string>
      stringMode
      size="small"
      min="0.01"
      max="10"
      step="0.01"
      decimalSeparator=","
      value={value ?? undefined}
      disabled={disabled}
      aria-label={`Price rate of ${row.item_no}`}
      onChange={(v) => setValue(v)}
      onPressEnter={commit}
      onBlur={commit}
      style={{ width: 96 }}
    />
  );
}

/** The sort number, collected until Save Sort Order sends them in one call. */
export function SortCell({ row, value, disabled, onChange }: { row: ItemRow; value: number | undefined; disabled: boolean; onChange: (n: number | null) => void }) {
  if (row.sort === null) return <span>–</span>;
  return (
    <InputNumber
      size="small"
      min={0}
      precision={0}
      value={value ?? row.sort}
      disabled={disabled}
      aria-label={`Sort of ${row.item_no}`}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      style={{ width: 80, fontWeight: value !== undefined ? 600 : undefined }}
    />
  );
}
