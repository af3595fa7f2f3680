import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * /jobs: the durable job queue for administrators. A failed or dead job shows its last error (an ERP job: the
 * ERP's own message) and the document it serves (`group_key`, e.g. `erp:sales_order:<no>`); Retry runs the selected
 * ones again.
 */
export default function JobsPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Key[]>([]);
  const retry = useApiMutation({
    fn: (ids: number[]) => call('jobs.retry', { body: { ids } }),
    invalidates: ['jobs'],
    onSuccess: (r) => {
      setSelected([]);
      toast.successText(t('jobs.retried', { count: r.retried }));
    },
  });
  const columns: ColumnsType<Job> = [
    { title: t('jobs.id'), dataIndex: 'id', key: 'id', sorter: true },
    { title: t('jobs.queue'), dataIndex: 'queue', key: 'queue', sorter: true },
    { title: t('jobs.key'), dataIndex: 'key', key: 'key' },
    { title: t('jobs.document'), dataIndex: 'group_key', key: 'group_key' },
    {
      title: t('jobs.state'),
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      render: (s: string) => <Tag color={stateColor[s]}>{s}</Tag>,
    },
    {
      title: t('jobs.attempts'),
      key: 'attempts',
      render: (_: unknown, j: Job) => t('jobs.attemptsOf', { attempts: j.attempts, max: j.max_attempts }),
    },
    { title: t('jobs.nextRun'), dataIndex: 'run_at', key: 'run_at', sorter: true, render: renderDateTime },
    {
      title: t('jobs.lastError'),
      dataIndex: 'last_error',
      key: 'last_error',
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null),
    },
    { title: t('jobs.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
  ];
  return (
    <ListPage<Job>
      title={t('jobs.title')}
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
        { name: 'queue', label: t('jobs.queue') },
        { name: 'group_key', label: t('jobs.document') },
        {
          name: 'state',
          label: t('jobs.state'),
          type: 'select',
          options: jobStates.map((s) => ({ label: s, value: s })),
        },
      ]}
      toolbar={
        <Button
          icon={<RedoOutlined />}
          disabled={selected.length === 0}
          loading={retry.isPending}
          onClick={() => retry.mutate(selected.map(Number))}
        >
          {t('jobs.retry')}
        </Button>
      }
    />
  );
}
