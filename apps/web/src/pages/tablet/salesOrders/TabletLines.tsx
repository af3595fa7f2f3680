import { useState } from 'react';
import { Button, Empty, Space, Typography } from 'antd';
import { DeleteOutlined, MinusOutlined, PlusOutlined, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber, type SalesLine } from '@fp/contract';
import { ItemPicker } from '../../../components/document/ItemPicker';
import { LineAvailable } from '../../salesOrders/LineAvailable';
import type { LineStock } from '../../salesOrders/lines';
import { canDecrease, minusOne, plusOne } from './data';
import { TOUCH } from './Touch';

export type TabletLinesProps = {
  lines: SalesLine[];
  editable: boolean;
  /** The franchise whose items the item field searches (head office). */
  franchise?: string | null;
  /** The order's location: the item field shows what is on hand there. */
  location?: string | null;
  /** Per line: on hand where it ships from and whether it is short (issue 17: a warning, the posting decides). */
  stock?: LineStock;
  /** Adds one of an item (or one more on its line). */
  onAddItem: (itemNo: string) => Promise<unknown>;
  onQuantity: (line: SalesLine, quantity: string) => Promise<unknown>;
  onRemove: (line: SalesLine) => Promise<unknown>;
  /** Opens the scanner for this order (absent: no scanner permission). */
  onScan?: () => void;
};

/**
 * The tablet's lines: an item found by search (or scanned on /tablet/scanQR) is added with quantity 1; each line's
 * quantity changes with − and + buttons a finger hits; totals come from the server.
 */
export function TabletLines(p: TabletLinesProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, fn: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await fn();
      return true;
    } catch {
      return false; // the screen's toast said why
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label={t('document.lines')}>
      {p.editable ? (
        <Space wrap style={{ marginBottom: 12 }}>
          <ItemPicker
            id="line-entry-item"
            franchise={p.franchise}
            location={p.location}
            value={text}
            onChange={setText}
            disabled={busy === 'add'}
            onPick={(item) => {
              void run('add', () => p.onAddItem(item.item_no)).then((ok) => ok && setText(''));
            }}
          />
          {p.onScan ? (
            <Button icon={<ScanOutlined />} onClick={p.onScan}>
              {t('tablet.scan.open')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {p.lines.length === 0 ? (
        <Empty description={t('tablet.sales.noLines')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {p.lines.map((l) => {
            const label = t('document.lineLabel', { no: l.line_no, item: l.item_no });
            return (
              <li
                key={l.line_no}
                data-testid="tablet-line"
                aria-label={label}
                style={{
                  display: 'grid',
                  gridTemplateColumns: p.editable
                    ? 'minmax(0, 1fr) auto minmax(96px, auto) auto'
                    : 'minmax(0, 1fr) auto minmax(96px, auto)',
                  alignItems: 'center',
                  gap: 12,
                  padding: '8px 0',
                  borderBottom: '1px solid #f0f0f0',
                }}
              >
                <span style={{ minWidth: 0 }}>
                  <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{l.description || l.item_no}</strong>
                  <Typography.Text type="secondary">
                    {l.item_no}
                    {l.variant_code ? ` / ${l.variant_code}` : ''} · {formatNumber(l.unit_price)}
                    {Number(l.line_discount_percent) > 0 ? ` · −${formatNumber(l.line_discount_percent)} %` : ''}
                  </Typography.Text>
                  <LineAvailable line={l} stock={p.stock} />
                </span>
                <Space.Compact>
                  {p.editable ? (
                    <Button
                      icon={<MinusOutlined />}
                      aria-label={t('tablet.sales.decrease', { line: label })}
                      disabled={!canDecrease(l.quantity) || busy !== null}
                      loading={busy === `minus-${l.line_no}`}
                      style={{ width: TOUCH }}
                      onClick={() => void run(`minus-${l.line_no}`, () => p.onQuantity(l, minusOne(l.quantity)))}
                    />
                  ) : null}
                  <span
                    aria-label={t('document.cellOf', { column: t('fields.quantity'), line: label })}
                    data-testid="line-quantity"
                    style={{
                      minWidth: 56,
                      height: TOUCH,
                      lineHeight: `${TOUCH}px`,
                      textAlign: 'center',
                      fontSize: 18,
                      fontVariantNumeric: 'tabular-nums',
                      border: '1px solid #d9d9d9',
                      padding: '0 8px',
                    }}
                  >
                    {formatNumber(l.quantity)}
                  </span>
                  {p.editable ? (
                    <Button
                      icon={<PlusOutlined />}
                      aria-label={t('tablet.sales.increase', { line: label })}
                      disabled={busy !== null}
                      loading={busy === `plus-${l.line_no}`}
                      style={{ width: TOUCH }}
                      onClick={() => void run(`plus-${l.line_no}`, () => p.onQuantity(l, plusOne(l.quantity)))}
                    />
                  ) : null}
                </Space.Compact>
                <strong style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid="line-amount">
                  {formatNumber(l.amount)}
                </strong>
                {p.editable ? (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('document.removeOf', { line: label })}
                    disabled={busy !== null}
                    style={{ width: TOUCH }}
                    onClick={() => void run(`remove-${l.line_no}`, () => p.onRemove(l))}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
