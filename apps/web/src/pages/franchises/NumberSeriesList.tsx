import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { numberSeriesDocumentTypeNames, numberSeriesDocumentTypes, type NumberSeries } from '@fp/contract';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDate } from '../../components/format';
import { GenerateSeriesDialog } from './GenerateSeriesDialog';
import { FRANCHISES_PAGE, NUMBER_SERIES_AREA } from './data';

const typeOptions = numberSeriesDocumentTypes.map((type) => ({
  value: type,
  label: `${type} — ${numberSeriesDocumentTypeNames[type]}`,
}));

/** The number series of one franchise (or of every franchise in view), with Generate Number Series. */
export function NumberSeriesList(p: { franchiseCode: string }) {
  const { t } = useTranslation();
  const canEdit = useCan(FRANCHISES_PAGE, 'edit');
  const [open, setOpen] = useState(false);
  const columns: ColumnsType<NumberSeries> = [
    { title: t('franchises.series.documentType'), dataIndex: 'document_type', key: 'document_type', sorter: true },
    { title: t('fields.description'), dataIndex: 'document_type_name', key: 'document_type_name' },
    { title: t('franchises.series.year'), dataIndex: 'year', key: 'year', sorter: true },
    {
      title: t('franchises.series.lastUsed'),
      dataIndex: 'last_used_no',
      key: 'last_used_no',
      render: (v: string) => v || '—',
    },
    { title: t('franchises.series.nextNo'), dataIndex: 'next_no', key: 'next_no' },
    {
      title: t('franchises.series.lastDate'),
      dataIndex: 'last_date',
      key: 'last_date',
      sorter: true,
      render: renderDate,
    },
  ];
  return (
    <>
      <ListPage<NumberSeries>
        area={NUMBER_SERIES_AREA}
        op="numberSeries.list"
        rowKey="id"
        exportName={`number-series-${p.franchiseCode}`}
        columns={columns}
        fixedFilters={[{ field: 'franchise_code', value: p.franchiseCode, condition_type: 'eq' }]}
        defaultSort={{ field: 'year', direction: 'desc' }}
        pageSize={50}
        filters={[
          {
            name: 'document_type',
            label: t('franchises.series.documentType'),
            type: 'select',
            options: typeOptions,
            multiple: true,
          },
          { name: 'year', label: t('franchises.series.year'), type: 'exact' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<NumberOutlined />} onClick={() => setOpen(true)}>
              {t('franchises.series.generateTitle')}
            </Button>
          ) : null
        }
      />
      <GenerateSeriesDialog open={open} franchiseCode={p.franchiseCode} onClose={() => setOpen(false)} />
    </>
  );
}
