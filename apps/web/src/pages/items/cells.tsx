import { useEffect, useState } from 'react';
import { Input, InputNumber, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRICE_RATE_RULE, decimalIssue, formatNumber, parseDecimalText, type ItemRow } from '@fp/contract';
import { useLabels } from '../../components/labels';

/** Where the effective price came from, with the price list or rate. */
export function PriceSourceTag({ row }: { row: ItemRow }) {
  const source = useLabels().label('priceSource', row.price_source);
  const color = row.price_source === 'item_price' ? 'green' : row.price_source === 'price_rate' ? 'blue' : 'default';
  const detail =
    row.price_source === 'item_price'
      ? row.price_list
      : row.price_source === 'price_rate'
        ? `× ${formatNumber(row.price_rate)}`
        : null;
  return (
    <Tooltip title={detail ? `${source} ${detail}` : source}>
      <Tag color={color}>
        {source}
        {detail ? ` · ${detail}` : ''}
      </Tag>
    </Tooltip>
  );
}

/**
 * The franchise's price rate, edited in place (German style, "1,05"): Enter or leaving the field saves a changed
 * value. A value outside the contract's rule is never changed into another one: it stays as typed with the
 * message under it, and nothing is saved.
 */
export function RateCell({
  row,
  disabled,
  onSave,
}: {
  row: ItemRow;
  disabled: boolean;
  onSave: (rate: string) => void;
}) {
  const initial = row.price_rate === null ? null : String(Number(row.price_rate)).replace('.', ',');
  const { t } = useTranslation();
  const [value, setValue] = useState<string>(initial ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(initial ?? '');
    setError(null);
  }, [initial]);
  const commit = () => {
    if (value.trim() === (initial ?? '')) return setError(null);
    const issue = decimalIssue(value, PRICE_RATE_RULE);
    setError(issue);
    const rate = parseDecimalText(value);
    if (!issue && rate !== null && Number(rate) !== Number(row.price_rate)) onSave(rate);
  };
  if (row.price_rate === null) return <span aria-label={t('items.noFranchise')}>–</span>;
  return (
    <div style={{ width: 120 }}>
      <Input
        size="small"
        inputMode="decimal"
        value={value}
        disabled={disabled}
        status={error ? 'error' : undefined}
        aria-label={t('items.priceRateOf', { item: row.item_no })}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={commit}
        onBlur={commit}
        style={{ width: 96 }}
      />
      {error ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, whiteSpace: 'normal' }} role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The sort number, collected until Save Sort Order sends them in one call. */
export function SortCell({
  row,
  value,
  disabled,
  onChange,
}: {
  row: ItemRow;
  value: number | undefined;
  disabled: boolean;
  onChange: (n: number | null) => void;
}) {
  const { t } = useTranslation();
  if (row.sort === null) return <span>–</span>;
  return (
    <InputNumber
      size="small"
      min={0}
      precision={0}
      value={value ?? row.sort}
      disabled={disabled}
      aria-label={t('items.sortOf', { item: row.item_no })}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      style={{ width: 80, fontWeight: value !== undefined ? 600 : undefined }}
    />
  );
}
