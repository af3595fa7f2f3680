import { Select, Space } from 'antd';
import { useFranchiseOptions } from '../../items/data';

/** Head office picks whose prices to show; store users always see their own franchise's. */
export function FranchisePicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const options = useFranchiseOptions(true);
  return (
    <Space>
      <label htmlFor="tablet-franchise">Prices of</label>
      <Select
        id="tablet-franchise"
        size="large"
        allowClear
        showSearch
        style={{ minWidth: 300 }}
        placeholder="List prices (no franchise)"
        options={options.data ?? []}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        aria-label="Franchise"
      />
    </Space>
  );
}
