import { useRef, useState, type ReactNode } from 'react';
import { Button, Input, Space, Table, type InputRef, type RefSelectProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EditableCell, type CellEdit } from './EditableCell';
import { ItemPicker, type PickedItem } from './ItemPicker';

export type LineColumn<L> = ColumnType<L> & {
  /** Editable while the document is open (quantity, discount, note). */
  edit?: CellEdit;
};

export type NewLine = { item_no: string; quantity: string };

export type LineGridProps<L> = {
  lines: L[];
  rowKey: keyof L & string;
  columns: LineColumn<L>[];
  /** Lines can be added, changed and removed (the document is open and the user may edit it). */
  editable: boolean;
  /** Names a line for labels ("line 10000 SP001"). */
  lineLabel: (line: L) => string;
  onAdd: (line: NewLine) => Promise<unknown>;
  onUpdate: (line: L, field: string, value: string) => Promise<unknown>;
  onRemove: (line: L) => Promise<unknown>;
  /** The franchise whose items the item field searches. */
  franchise?: string | null;
  /** The location whose on-hand quantity the item field shows beside each item (sales documents). */
  location?: string | null;
  /** The quantity field's rule (the contract's) and its conversion to the sent text. */
  quantity: Pick<CellEdit, 'check' | 'toValue'>;
  footer?: ReactNode;
};

/**
 * The document's lines, keyboard first: type an item number or name, Enter picks it, type the quantity, Enter adds
 * the line and the focus returns to the item field. Quantity, discount and note are edited in place.
 */
export function LineGrid<L extends object>(p: LineGridProps<L>) {
  const { t } = useTranslation();
  const itemRef = useRef<RefSelectProps>(null);
  const qtyRef = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedItem | null>(null);
  const [qty, setQty] = useState('1');
  const [qtyError, setQtyError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const onPick = (item: PickedItem) => {
    setPicked(item);
    setText(item.item_no);
    setQty('1');
    setQtyError(null);
    // The list closes first; then the quantity takes the focus with its text selected for typing over.
    setTimeout(() => {
      qtyRef.current?.focus();
      qtyRef.current?.select();
    }, 0);
  };

  const add = async () => {
    const itemNo = (picked?.item_no ?? text).trim().toUpperCase();
    if (!itemNo) {
      itemRef.current?.focus();
      return;
    }
    const issue = p.quantity.check?.(qty) ?? null;
    setQtyError(issue);
    if (issue) return;
    setAdding(true);
    try {
      await p.onAdd({ item_no: itemNo, quantity: p.quantity.toValue ? p.quantity.toValue(qty) : qty.trim() });
      setText('');
      setPicked(null);
      setQty('1');
      setTimeout(() => itemRef.current?.focus(), 0);
    } catch {
      // the toast said why; the entry stays for a correction
    } finally {
      setAdding(false);
    }
  };

  const columns: ColumnType<L>[] = p.columns.map((c) => {
    const { edit, ...col } = c;
    if (!edit || !p.editable) return col;
    return {
      ...col,
      render: (v: unknown, line: L) => (
        <EditableCell
          value={v}
          edit={edit}
          label={t('document.cellOf', { column: String(col.title), line: p.lineLabel(line) })}
          onSave={(value) => p.onUpdate(line, edit.field, value)}
        />
      ),
    };
  });
  if (p.editable)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, line: L) => (
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('document.removeOf', { line: p.lineLabel(line) })}
          onClick={() => void p.onRemove(line).catch(() => undefined)}
        />
      ),
    });

  return (
    <section aria-label={t('document.lines')}>
      {p.editable ? (
        <Space wrap style={{ marginBottom: 12 }} className="line-entry">
          <ItemPicker
            ref={itemRef}
            id="line-entry-item"
            franchise={p.franchise}
            location={p.location}
            value={text}
            onChange={(v) => {
              setText(v);
              if (picked && v !== picked.item_no) setPicked(null);
            }}
            onPick={onPick}
            disabled={adding}
          />
          {picked?.description ? <span style={{ opacity: 0.75 }}>{picked.description}</span> : null}
          <Input
            ref={qtyRef}
            aria-label={t('fields.quantity')}
            value={qty}
            status={qtyError ? 'error' : undefined}
            style={{ width: 110, textAlign: 'right' }}
            onChange={(e) => {
              setQty(e.target.value);
              setQtyError(null);
            }}
            onPressEnter={(e) => {
              e.preventDefault();
              void add();
            }}
          />
          <Button icon={<PlusOutlined />} onClick={() => void add()} loading={adding}>
            {t('document.addLine')}
          </Button>
          {qtyError ? (
            <span role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
              {qtyError}
            </span>
          ) : null}
        </Space>
      ) : null}
      <Table<L>
        size="small"
        rowKey={p.rowKey}
        columns={columns}
        dataSource={p.lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('document.noLinesYet') }}
        footer={p.footer ? () => p.footer : undefined}
      />
    </section>
  );
}
