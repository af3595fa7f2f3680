import { useTranslation } from 'react-i18next';
import { App, Button, Tag, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { formatNumber, syncTableCodes, type SyncLog as SyncLogRow } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDateTime, renderNumber } from '../../components/format';
import { handle } from '../../components/handle';
import { toast } from '../../components/toast';

const AREA = 'sync';
const statusColor: Record<string, string> = { success: 'green', failed: 'red' };

/**
 * The sync log (api.md "sync logs filter / empty"): one entry per call against the ERP port, newest first, filtered
 * on the server; head office with edit rights empties it after a confirmation that says how many entries go. Its
 * failures show no toast (calls.md 8).
 */
export function SyncLog({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const empty = useApiMutation({
    fn: () => call('sync.logsEmpty', { body: {} }),
    invalidates: [AREA],
    onSuccess: (r) =>
      toast.successText(t('erpSync.log.emptied', { count: r.deleted, entries: formatNumber(r.deleted) })),
  });
  const confirmEmpty = async () => {
    const first = await call('sync.logsList', { body: { pagination: { page: 1, size: 1 } } });
    if (first.total_count === 0) return toast.info(t('erpSync.log.nothing'));
    const count = first.total_capped
      ? t('erpSync.log.moreThan', { total: formatNumber(first.total_count) })
      : formatNumber(first.total_count);
    modal.confirm({
      title: t('erpSync.log.empty'),
      content: t('erpSync.log.emptyConfirm', { count: first.total_count, entries: count }),
      okButtonProps: { danger: true },
      onOk: () => empty.mutateAsync(undefined),
    });
  };
  const label = (code: string) => t(`erpSync.table.${code}`, { defaultValue: code });
  const columns: ColumnsType<SyncLogRow> = [
    {
      title: t('erpSync.log.started'),
      dataIndex: 'started_at',
      key: 'started_at',
      sorter: true,
      render: renderDateTime,
    },
    {
      title: t('erpSync.log.table'),
      dataIndex: 'table_code',
      key: 'table_code',
      sorter: true,
      render: (code: string) => label(code),
    },
    { title: t('erpSync.log.action'), dataIndex: 'action', key: 'action', sorter: true },
    {
      title: t('erpSync.log.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      render: (s: string) => <Tag color={statusColor[s]}>{t(`erpSync.state.${s}`, { defaultValue: s })}</Tag>,
    },
    {
      title: t('erpSync.log.records'),
      dataIndex: 'records',
      key: 'records',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    {
      title: t('erpSync.log.message'),
      dataIndex: 'message',
      key: 'message',
      width: 360,
      render: (m: string, r) => (r.status === 'failed' ? <Typography.Text type="danger">{m}</Typography.Text> : m),
    },
    { title: t('erpSync.log.user'), dataIndex: 'username', key: 'username' },
    { title: t('erpSync.log.erp'), dataIndex: 'erp_mode', key: 'erp_mode' },
  ];
  return (
    <ListPage<SyncLogRow>
      area={AREA}
      op="sync.logsList"
      rowKey="id"
      exportName="sync-log"
      columns={columns}
      silentErrors
      defaultSort={{ field: 'id', direction: 'desc' }}
      toolbar={
        canEdit ? (
          <Button danger icon={<ClearOutlined />} loading={empty.isPending} onClick={handle(confirmEmpty)}>
            {t('erpSync.log.empty')}
          </Button>
        ) : null
      }
      filters={[
        {
          name: 'table_code',
          label: t('erpSync.log.table'),
          type: 'select',
          options: syncTableCodes.map((c) => ({ value: c, label: label(c) })),
        },
        {
          name: 'status',
          label: t('erpSync.log.status'),
          type: 'select',
          options: ['success', 'failed'].map((s) => ({ value: s, label: t(`erpSync.state.${s}`) })),
        },
        { name: 'started_at', label: t('erpSync.log.started'), type: 'dateRange' },
        { name: 'message', label: t('erpSync.log.message') },
      ]}
    />
  );
}
