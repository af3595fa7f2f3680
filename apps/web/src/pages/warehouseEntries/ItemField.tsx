import { ItemPicker, type PickedItem } from '../../components/document/ItemPicker';

/**
 * An item field for a form (a Form.Item child): the sales editor's item lookup, the picked (or typed) item number as
 * the value; `onPicked` hears the whole item (its unit and description).
 */
export function ItemField(p: {
  value?: string;
  onChange?: (v: string) => void;
  onPicked?: (item: PickedItem) => void;
  franchise: string | null;
  id?: string;
}) {
  return (
    <ItemPicker
      id={p.id}
      franchise={p.franchise}
      value={p.value ?? ''}
      onChange={(text) => p.onChange?.(text)}
      onPick={(item) => {
        p.onChange?.(item.item_no);
        p.onPicked?.(item);
      }}
    />
  );
}
