import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import type { OnHandRow } from '@fp/contract';
import { ListPage } from '../../../components/ListPage';
import { renderNumber } from '../../../components/format';
import { REPORTS_AREA, positionKey, useCategoryOptions, useLocations } from '../../warehouseEntries/data';
import { ItemPicture } from '../../warehouseEntries/Picture';

/** /reports/onHand: what is on hand per location, item and variant (Σ item ledger, base units), paged on the server. */
export default function OnHandReportPage() {
  const { t } = useTranslation();
  const locations = useLocations();
  const categories = useCategoryOptions();
  const columns: ColumnsType<OnHandRow> = [
    {
      title: t('reports.onHand.picture'),
      key: 'image_url',
      width: 72,
      render: (_: unknown, r: OnHandRow) => <ItemPicture src={r.image_url} alt={r.item_no} />,
    },
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    { title: t('fields.category'), dataIndex: 'category_code', key: 'category_code', sorter: true },
    { title: t('reports.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    {
      title: t('reports.onHand.title'),
      dataIndex: 'quantity',
      key: 'quantity',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
  ];
  return (
    <ListPage<OnHandRow>
      title={t('reports.onHand.title')}
      area={REPORTS_AREA}
      op="stockReports.onHand"
      rowKey={positionKey}
      exportName="on-hand"
      columns={columns}
      defaultSort={{ field: 'item_no', direction: 'asc' }}
      filters={[
        {
          name: 'location_code',
          label: t('fields.location'),
          type: 'select',
          options: locations.options.map((l) => ({ value: l.value, label: l.label })),
        },
        { name: 'item_no', label: t('fields.itemNo') },
        { name: 'description', label: t('fields.description') },
        { name: 'category_code', label: t('fields.category'), type: 'select', condition: 'in', options: categories },
      ]}
    />
  );
}
