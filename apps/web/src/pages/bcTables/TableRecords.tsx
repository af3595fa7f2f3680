import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { FilterItem, SyncRecord, SyncTableCode } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';

const AREA = 'sync';

/** One table's records as the last sync left them: paged and filtered on the server; one may be removed. */
export function TableRecords({ table, canEdit }: { table: SyncTableCode; canEdit: boolean }) {
  const { t } = useTranslation();
  const name = t(`erpSync.table.${table}`);
  const fixed: FilterItem[] = useMemo(() => [{ field: 'table_code', value: table, condition_type: 'eq' }], [table]);
  const remove = useApiMutation({
    fn: (r: SyncRecord) => call('sync.removeRecord', { body: { table_code: table, system_id: r.system_id } }),
    invalidates: [AREA],
    onSuccess: (_r, v) => toast.successText(t('erpSync.records.removed', { no: v.record_key })),
  });
  const columns: ColumnsType<SyncRecord> = [
    { title: t('erpSync.records.no'), dataIndex: 'record_key', key: 'record_key', sorter: true },
    { title: t('erpSync.records.description'), dataIndex: 'description', key: 'description', sorter: true },
    {
      title: t('erpSync.records.systemId'),
      dataIndex: 'system_id',
      key: 'system_id',
      sorter: true,
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    {
      title: t('erpSync.records.excess'),
      dataIndex: 'excess',
      key: 'excess',
      sorter: true,
      render: (v: boolean) => (v ? <Tag color="orange">{t('erpSync.records.excessYes')}</Tag> : null),
    },
    {
      title: t('erpSync.records.synced'),
      dataIndex: 'synced_at',
      key: 'synced_at',
      sorter: true,
      render: renderDateTime,
    },
    ...(canEdit
      ? [
          {
            title: t('erpSync.tables.actions'),
            key: 'actions',
            render: (_: unknown, r: SyncRecord) => (
              <Popconfirm
                title={t('erpSync.records.removeConfirm', { no: r.record_key, table: name })}
                onConfirm={() => remove.mutate(r)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('erpSync.records.remove')} ${r.record_key}`}
                >
                  {t('erpSync.records.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListPage<SyncRecord>
      area={AREA}
      op="sync.recordsList"
      rowKey="system_id"
      exportName={`erp-${table}`}
      columns={columns}
      fixedFilters={fixed}
      defaultSort={{ field: 'record_key', direction: 'asc' }}
      filters={[
        { name: 'record_key', label: t('erpSync.records.no') },
        { name: 'description', label: t('erpSync.records.description') },
        { name: 'excess', label: t('erpSync.records.excess'), type: 'boolean' },
      ]}
    />
  );
}
