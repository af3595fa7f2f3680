import { App, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { z } from 'zod';
import type { apiLog } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDateTime, renderNumber } from '../../components/format';
import { toast } from '../../components/toast';
import { handle } from '../../components/handle';

type ApiLog = z.infer<typeof apiLog>;

export default function ApiLogPage() {
  const { modal } = App.useApp();
  const truncate = useApiMutation({
    fn: () => call('apiLogs.truncate', { body: {} }),
    invalidates: ['apiLogs'],
    onSuccess: (r) => toast.successText(`Truncated ${r.deleted} log entries Successfully!`),
  });
  const columns: ColumnsType<ApiLog> = [
    { title: 'Time', dataIndex: 'created_at', key: 'created_at', sorter: true, render: renderDateTime, width: 170 },
    { title: 'User', dataIndex: 'username', key: 'username', sorter: true },
    { title: 'Operation', dataIndex: 'operation', key: 'operation', sorter: true },
    { title: 'Status', dataIndex: 'status', key: 'status', sorter: true },
    {
      title: 'Duration (ms)',
      dataIndex: 'duration_ms',
      key: 'duration_ms',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    { title: 'Error', dataIndex: 'error', key: 'error', ellipsis: true },
  ];
  return (
    <ListPage<ApiLog>
      title="API Log"
      area="apiLogs"
      op="apiLogs.list"
      rowKey="id"
      exportName="api-log"
      columns={columns}
      silentErrors
      defaultSort={{ field: 'id', direction: 'desc' }}
      filters={[
        { name: 'username', label: 'User' },
        { name: 'operation', label: 'Operation' },
        { name: 'status', label: 'Status', type: 'exact' },
        { name: 'created_at', label: 'Date', type: 'dateRange' },
      ]}
      toolbar={
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={handle(() =>
            modal.confirm({
              title: 'Truncate the API log?',
              content: 'Every log entry is deleted. This cannot be undone.',
              okText: 'Truncate Logs',
              okButtonProps: { danger: true },
              onOk: () => truncate.mutateAsync(undefined),
            }),
          )}
        >
          Truncate Logs
        </Button>
      }
    />
  );
}
