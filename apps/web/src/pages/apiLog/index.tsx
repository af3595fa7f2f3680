import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import type { apiLog } from '@fp/contract';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDateTime, renderNumber } from '../../components/format';
import { toast } from '../../components/toast';
import { handle } from '../../components/handle';

type ApiLog = z.infer<typeof apiLog>;

export default function ApiLogPage() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const truncate = useApiMutation({
    fn: () => call('apiLogs.truncate', { body: {} }),
    invalidates: ['apiLogs'],
    onSuccess: (r) => toast.successText(t('apiLog.truncated', { count: r.deleted })),
  });
  const columns: ColumnsType<ApiLog> = [
    {
      title: t('apiLog.time'),
      dataIndex: 'created_at',
      key: 'created_at',
      sorter: true,
      render: renderDateTime,
      width: 170,
    },
    { title: t('fields.user'), dataIndex: 'username', key: 'username', sorter: true },
    { title: t('apiLog.operation'), dataIndex: 'operation', key: 'operation', sorter: true },
    { title: t('fields.status'), dataIndex: 'status', key: 'status', sorter: true },
    {
      title: t('apiLog.duration'),
      dataIndex: 'duration_ms',
      key: 'duration_ms',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    { title: t('apiLog.error'), dataIndex: 'error', key: 'error', ellipsis: true },
  ];
  return (
    <ListPage<ApiLog>
      title={t('apiLog.title')}
      area="apiLogs"
      op="apiLogs.list"
      rowKey="id"
      exportName="api-log"
      columns={columns}
      silentErrors
      defaultSort={{ field: 'id', direction: 'desc' }}
      filters={[
        { name: 'username', label: t('fields.user') },
        { name: 'operation', label: t('apiLog.operation') },
        { name: 'status', label: t('fields.status'), type: 'exact' },
        { name: 'created_at', label: t('fields.date'), type: 'dateRange' },
      ]}
      toolbar={
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={handle(() =>
            modal.confirm({
              title: t('apiLog.truncateTitle'),
              content: t('apiLog.truncateContent'),
              okText: t('apiLog.truncate'),
              okButtonProps: { danger: true },
              onOk: () => truncate.mutateAsync(undefined),
            }),
          )}
        >
          {t('apiLog.truncate')}
        </Button>
      }
    />
  );
}
