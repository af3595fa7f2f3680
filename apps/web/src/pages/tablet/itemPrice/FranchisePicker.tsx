import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFranchiseOptions } from '../../items/data';

/** Head office picks whose prices to show; store users always see their own franchise's. */
export function FranchisePicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const { t } = useTranslation();
  const options = useFranchiseOptions(true);
  return (
    <Space>
      <label htmlFor="tablet-franchise">{t('tablet.itemPrice.pricesOf')}</label>
      <Select
        id="tablet-franchise"
        size="large"
        allowClear
        showSearch
        style={{ minWidth: 300 }}
        placeholder={t('tablet.itemPrice.listPrices')}
        options={options.data ?? []}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        aria-label={t('fields.franchise')}
      />
    </Space>
  );
}
