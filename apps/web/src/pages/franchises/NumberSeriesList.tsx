import { useState } from 'react';
import { Button } from 'antd';
import { NumberOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { numberSeriesDocumentTypeNames, numberSeriesDocumentTypes, type NumberSeries } from '@fp/contract';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDate } from '../../components/format';
import { GenerateSeriesDialog } from './GenerateSeriesDialog';
import { FRANCHISES_PAGE, NUMBER_SERIES_AREA } from './data';

const typeOptions = numberSeriesDocumentTypes.map((t) => ({
  value: t,
  label: `${t} — ${numberSeriesDocumentTypeNames[t]}`,
}));

/** The number series of one franchise (or of every franchise in view), with Generate Number Series. */
export function NumberSeriesList(p: { franchiseCode: string }) {
  const canEdit = useCan(FRANCHISES_PAGE, 'edit');
  const [open, setOpen] = useState(false);
  const columns: ColumnsType<NumberSeries> = [
    { title: 'Document Type', dataIndex: 'document_type', key: 'document_type', sorter: true },
    { title: 'Description', dataIndex: 'document_type_name', key: 'document_type_name' },
    { title: 'Year', dataIndex: 'year', key: 'year', sorter: true },
    { title: 'Last No. Used', dataIndex: 'last_used_no', key: 'last_used_no', render: (v: string) => v || '—' },
    { title: 'Next No.', dataIndex: 'next_no', key: 'next_no' },
    { title: 'Last Date Used', dataIndex: 'last_date', key: 'last_date', sorter: true, render: renderDate },
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
          { name: 'document_type', label: 'Document Type', type: 'select', options: typeOptions, multiple: true },
          { name: 'year', label: 'Year', type: 'exact' },
        ]}
        toolbar={
          canEdit ? (
            <Button type="primary" icon={<NumberOutlined />} onClick={() => setOpen(true)}>
              Generate Number Series
            </Button>
          ) : null
        }
      />
      <GenerateSeriesDialog open={open} franchiseCode={p.franchiseCode} onClose={() => setOpen(false)} />
    </>
  );
}
