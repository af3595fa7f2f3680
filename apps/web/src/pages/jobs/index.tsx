import { useState, type Key } from 'react';
import { Button, Tag, Typography } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { jobStates, type Job } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';

const stateColor: Record<string, string> = {
  pending: 'blue',
  running: 'processing',
  done: 'green',
  failed: 'orange',
  dead: 'red',
};

export default function JobsPage() {
  const [selected, setSelected] = useState<Key[]>([]);
  const retry = useApiMutation({
    fn: (ids: number[]) => call('jobs.retry', { body: { ids } }),
    invalidates: ['jobs'],
    onSuccess: (r) => {
      setSelected([]);
      toast.successText(`Retry ${r.retried} Job${r.retried === 1 ? '' : 's'} Successfully!`);
    },
  });
  const columns: ColumnsType<Job> = [
    { title: 'ID', dataIndex: 'id', key: 'id', sorter: true },
    { title: 'Queue', dataIndex: 'queue', key: 'queue', sorter: true },
    { title: 'Key', dataIndex: 'key', key: 'key' },
    {
      title: 'State',
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag>,
    },
    { title: 'Attempts', key: 'attempts', render: (_: unknown, j: Job) => `${j.attempts} / ${j.max_attempts}` },
    { title: 'Next Run', dataIndex: 'run_at', key: 'run_at', sorter: true, render: renderDateTime },
    {
      title: 'Last Error',
      dataIndex: 'last_error',
      key: 'last_error',
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null),
    },
    { title: 'Updated', dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
  ];
  return (
    <ListPage<Job>
      title="Job Queue"
      area="jobs"
      op="jobs.list"
      rowKey="id"
      exportName="jobs"
      columns={columns}
      silentErrors
      selectable
      selectedKeys={selected}
      onSelect={(keys) => setSelected(keys)}
      defaultSort={{ field: 'id', direction: 'desc' }}
      filters={[
        { name: 'queue', label: 'Queue' },
        { name: 'state', label: 'State', type: 'select', options: jobStates.map((s) => ({ label: s, value: s })) },
      ]}
      toolbar={
        <Button
          icon={<RedoOutlined />}
          disabled={selected.length === 0}
          loading={retry.isPending}
          onClick={() => retry.mutate(selected.map(Number))}
        >
          Retry
        </Button>
      }
    />
  );
}
