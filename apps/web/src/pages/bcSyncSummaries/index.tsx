import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { syncTableCodes, type SyncSummary } from '@fp/contract';
import { ListPage } from '../../components/ListPage';
import { renderDate, renderDateTime, renderNumber } from '../../components/format';

/**
 * /bcSyncSummaries (calls.md 7.5, issue 20): per table and business day, the records the syncs fetched, created,
 * updated and failed, with the failures' messages; filtered and exported on the server.
 */
export default function BcSyncSummariesPage() {
  const { t } = useTranslation();
  const columns: ColumnsType<SyncSummary> = [
    { title: t('erpSync.summaries.date'), dataIndex: 'sync_date', key: 'sync_date', sorter: true, render: renderDate },
    {
      title: t('erpSync.summaries.table'),
      dataIndex: 'table_code',
      key: 'table_code',
      sorter: true,
      render: (code: string) => t(`erpSync.table.${code}`),
    },
    {
      title: t('erpSync.summaries.runs'),
      dataIndex: 'runs',
      key: 'runs',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('erpSync.summaries.fetched'),
      dataIndex: 'fetched',
      key: 'fetched',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('erpSync.summaries.created'),
      dataIndex: 'created',
      key: 'created',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('erpSync.summaries.updated'),
      dataIndex: 'updated',
      key: 'updated',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('erpSync.summaries.failed'),
      dataIndex: 'failed',
      key: 'failed',
      sorter: true,
      align: 'right',
      render: (n: number) =>
        n > 0 ? <Typography.Text type="danger">{renderNumber(n)}</Typography.Text> : renderNumber(n),
    },
    {
      title: t('erpSync.summaries.failures'),
      dataIndex: 'failures',
      key: 'failures',
      width: 360,
      render: (s: string) => (s ? <Typography.Text type="danger">{s}</Typography.Text> : null),
    },
    {
      title: t('erpSync.summaries.lastRun'),
      dataIndex: 'last_run_at',
      key: 'last_run_at',
      sorter: true,
      render: renderDateTime,
    },
  ];
  return (
    <ListPage<SyncSummary>
      title={t('erpSync.summaries.title')}
      area="erp-sync-summaries"
      op="sync.summariesList"
      rowKey="id"
      exportName="bc-sync-summaries"
      columns={columns}
      defaultSort={{ field: 'sync_date', direction: 'desc' }}
      filters={[
        {
          name: 'table_code',
          label: t('erpSync.summaries.table'),
          type: 'select',
          options: syncTableCodes.map((c) => ({ value: c, label: t(`erpSync.table.${c}`) })),
        },
        { name: 'sync_date', label: t('erpSync.summaries.date'), type: 'dateRange' },
        { name: 'failures', label: t('erpSync.summaries.failures') },
      ]}
    />
  );
}
