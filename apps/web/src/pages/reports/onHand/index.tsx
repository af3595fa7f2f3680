import type { ColumnsType } from 'antd/es/table';
import type { OnHandRow } from '@fp/contract';
import { ListPage } from '../../../components/ListPage';
import { renderNumber } from '../../../components/format';
import { REPORTS_AREA, positionKey, useCategoryOptions, useLocations } from '../../warehouseEntries/data';
import { ItemPicture } from '../../warehouseEntries/Picture';

/** /reports/onHand: what is on hand per location, item and variant (Σ item ledger, base units), paged on the server. */
export default function OnHandReportPage() {
  const locations = useLocations();
  const categories = useCategoryOptions();
  const columns: ColumnsType<OnHandRow> = [
    {
      title: 'Picture',
      key: 'image_url',
      width: 72,
      render: (_: unknown, r: OnHandRow) => <ItemPicture src={r.image_url} alt={r.item_no} />,
    },
    { title: 'Location', dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: 'Item No', dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: 'Variant', dataIndex: 'variant_code', key: 'variant_code', sorter: true },
    { title: 'Description', dataIndex: 'description', key: 'description', sorter: true },
    { title: 'Category', dataIndex: 'category_code', key: 'category_code', sorter: true },
    { title: 'UOM', dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    { title: 'On Hand', dataIndex: 'quantity', key: 'quantity', sorter: true, align: 'right', render: renderNumber },
  ];
  return (
    <ListPage<OnHandRow>
      title="On Hand"
      area={REPORTS_AREA}
      op="stockReports.onHand"
      rowKey={positionKey}
      exportName="on-hand"
      columns={columns}
      defaultSort={{ field: 'item_no', direction: 'asc' }}
      filters={[
        {
          name: 'location_code',
          label: 'Location',
          type: 'select',
          options: locations.options.map((l) => ({ value: l.value, label: l.label })),
        },
        { name: 'item_no', label: 'Item No' },
        { name: 'description', label: 'Description' },
        { name: 'category_code', label: 'Category', type: 'select', condition: 'in', options: categories },
      ]}
    />
  );
}
