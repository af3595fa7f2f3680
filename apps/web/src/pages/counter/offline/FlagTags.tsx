import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// What the server noticed on a sale made offline (issue 19: stock_short, price_changed, promotion_changed,
// no_open_shift), as words: the flagged sales list, the sales order list and the order's header show them alike.

export const flagColor: Record<string, string> = {
  stock_short: 'red',
  price_changed: 'orange',
  promotion_changed: 'gold',
  no_open_shift: 'blue',
};

/** A sale's flags as coloured words (nothing when the sale has none). */
export function FlagTags({ flags, testId }: { flags: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  if (!flags.length) return null;
  return (
    <Space size={4} wrap data-testid={testId}>
      {flags.map((f) => (
        <Tag key={f} color={flagColor[f]} style={{ marginInlineEnd: 0 }}>
          {t(`offline.flag.${f}`)}
        </Tag>
      ))}
    </Space>
  );
}
