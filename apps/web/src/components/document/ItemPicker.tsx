import { forwardRef, useEffect, useMemo, useState } from 'react';
import { AutoComplete, type RefSelectProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatNumber } from '@fp/contract/web';
import type { ItemRow } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import i18n from '../../i18n';
import { useOnHand } from './stock';

export type PickedItem = { item_no: string; description?: string; unit?: string; price?: string };

type Props = {
  /** The franchise whose item list is searched (head office; a store user's own list otherwise). */
  franchise?: string | null;
  value: string;
  onChange: (text: string) => void;
  /** An item chosen from the list, or the typed number when Enter is pressed with no list open. */
  onPick: (item: PickedItem) => void;
  disabled?: boolean;
  id?: string;
  /** Shows each item's on-hand quantity at this location (sales documents, issue 17). */
  location?: string | null;
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The line entry's item field: type an item number or name (the server searches number and names, case- and
 * diacritic-insensitive), Enter picks the highlighted item (an exact number first).
 */
export const ItemPicker = forwardRef<RefSelectProps, Props>(function ItemPicker(p, ref) {
  const text = useDebounced(p.value.trim(), 200);
  const search = useQuery({
    queryKey: qk.op('items.list', { search: text, franchise: p.franchise ?? null, picker: true }),
    queryFn: () =>
      call('items.list', {
        body: {
          pagination: { page: 1, size: 20 },
          filters: [
            { field: 'search', value: text, condition_type: 'like' },
            { field: 'blocked', value: 'false', condition_type: 'eq' },
            ...(p.franchise ? [{ field: 'franchise_code', value: p.franchise, condition_type: 'eq' as const }] : []),
          ],
        },
      }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // Only the answer for what is typed now: a stale list would let Enter pick the previous search's item.
  const fresh = text !== '' && text === p.value.trim() && !search.isPlaceholderData;
  const rows = useMemo(() => {
    const items: ItemRow[] = fresh ? (search.data?.items ?? []) : [];
    const exact = text.toUpperCase();
    return [...items].sort((a, b) => Number(b.item_no === exact) - Number(a.item_no === exact));
  }, [search.data, text, fresh]);

  const stock = useOnHand(p.location ? [p.location] : [], p.location ? rows.map((r) => r.item_no) : []);

  const pick = (itemNo: string) => {
    const row = rows.find((r) => r.item_no === itemNo);
    p.onPick(
      row
        ? {
            item_no: row.item_no,
            description: row.description,
            unit: row.base_unit_of_measure,
            price: row.effective_price,
          }
        : { item_no: itemNo.trim().toUpperCase() },
    );
  };

  return (
    <AutoComplete
      ref={ref}
      id={p.id}
      value={p.value}
      disabled={p.disabled}
      style={{ width: 360 }}
      placeholder={i18n.t('document.itemPlaceholder')}
      aria-label={i18n.t('document.item')}
      defaultActiveFirstOption
      options={rows.map((r) => ({
        value: r.item_no,
        label: (
          <span>
            <strong>{r.item_no}</strong> {r.description}{' '}
            <span style={{ opacity: 0.65 }}>
              · {r.base_unit_of_measure} · {formatNumber(r.effective_price)}
            </span>
            {p.location && stock.ready ? (
              <span data-testid="item-available" style={{ opacity: 0.65 }}>
                {' '}
                · {i18n.t('sales.stock.available', { quantity: formatNumber(stock.item(p.location, r.item_no)) })}
              </span>
            ) : null}
          </span>
        ),
      }))}
      onChange={(v) => p.onChange(String(v ?? ''))}
      onSelect={(v) => pick(String(v))}
      onKeyDown={(e) => {
        // Enter with no list open takes the typed number (a scanned or remembered item number).
        if (e.key !== 'Enter') return;
        const open = (e.target as HTMLElement).getAttribute('aria-expanded') === 'true';
        if (!open && rows.length === 0 && p.value.trim() && !search.isFetching) {
          e.preventDefault();
          pick(p.value);
        }
      }}
    />
  );
});
