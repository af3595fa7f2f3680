import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Progress, Space, Table, Tag, Tooltip, Typography } from 'antd';
import {
  ApiOutlined,
  DeleteOutlined,
  HistoryOutlined,
  ReloadOutlined,
  SyncOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { SyncRun, SyncTable, SyncTableCode } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { handle } from '../../components/handle';
import { toast } from '../../components/toast';
import { SyncLog } from './SyncLog';
import { TableRecords } from './TableRecords';

const PAGE = '/bcTables';
export const AREA = 'sync';
const stateColor: Record<string, string> = { queued: 'blue', running: 'processing', success: 'green', failed: 'red' };
const live = (run: SyncRun | null) => run?.state === 'queued' || run?.state === 'running';

/** The progress of a table's latest run: records read of the expected total (a full sync knows it). */
function RunProgress({ run }: { run: SyncRun | null }) {
  const { t } = useTranslation();
  if (!run) return null;
  const known = run.total !== null && run.total > 0;
  const running = live(run);
  const percent = running
    ? known
      ? Math.min(99, Math.floor((run.done / run.total!) * 100))
      : run.state === 'queued'
        ? 0
        : 100
    : 100;
  const text = known
    ? t('erpSync.progress.of', { done: run.done, total: run.total })
    : t('erpSync.progress.records', { count: run.done });
  return (
    <div data-testid={`sync-progress-${run.table_code}`} data-state={run.state} style={{ minWidth: 160 }}>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={run.state === 'failed' ? 'exception' : running ? 'active' : 'success'}
        aria-label={text}
      />
      <Typography.Text type="secondary" data-testid="sync-progress-text">
        {text}
      </Typography.Text>
    </div>
  );
}

/**
 * /bcTables (calls.md 7.5, issue 20): each table kept in sync with the ERP with its records, excess records, last
 * sync, state and last error; sync one table or all (each a job, with a progress bar while it runs), browse a
 * table's records, remove the records the ERP no longer has after a confirmation that says how many.
 */
export default function BcTablesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const canEdit = useCan(PAGE, 'edit');
  const [browsing, setBrowsing] = useState<SyncTableCode | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const tables = useQuery({
    queryKey: qk.other(AREA, 'tables'),
    queryFn: () => call('sync.tables'),
    // While a sync runs, its progress is read every second.
    refetchInterval: (q) => ((q.state.data ?? []).some((x) => live(x.run)) ? 1000 : false),
  });
  const label = (code: string) => t(`erpSync.table.${code}`);
  const refresh = () => void qc.invalidateQueries({ queryKey: qk.area(AREA) });

  const sync = useApiMutation({
    fn: (v: { table_code: SyncTableCode; sync_all: boolean }) => call('sync.syncTable', { body: v }),
    invalidates: [AREA],
    onSuccess: (run) =>
      run.started
        ? toast.successText(t('erpSync.tables.syncStarted', { table: label(run.table_code) }))
        : toast.info(t('erpSync.tables.syncRunning', { table: label(run.table_code) })),
  });
  const authorize = useApiMutation({
    fn: () => call('sync.authorize'),
    invalidates: [],
    onSuccess: (r) =>
      r.ok
        ? toast.successText(t('erpSync.tables.connectionOk', { message: r.message }))
        : toast.error(new Error(t('erpSync.tables.connectionFailed', { message: r.message }))),
  });
  const setStatus = useApiMutation({
    fn: (v: { table_code: SyncTableCode; status: 'active' | 'paused' }) => call('sync.status', { body: v }),
    invalidates: [AREA],
  });
  const removeExcess = useApiMutation({
    fn: (v: { table_code: SyncTableCode; count: number }) => call('sync.removeExcess', { body: v }),
    invalidates: [AREA],
    onSuccess: (r, v) =>
      toast.successText(t('erpSync.tables.removeExcessDone', { count: r.removed, table: label(v.table_code) })),
  });

  const active = (tables.data ?? []).filter((x) => x.status === 'active');
  const syncAllTables = () =>
    modal.confirm({
      title: t('erpSync.tables.syncAllTables'),
      content: t('erpSync.tables.syncAllTablesConfirm', { count: active.length }),
      onOk: async () => {
        try {
          for (const x of active) await call('sync.syncTable', { body: { table_code: x.table_code, sync_all: true } });
          toast.successText(t('erpSync.tables.syncAllTablesStarted', { count: active.length }));
        } catch (e) {
          toast.error(e);
        } finally {
          refresh();
        }
      },
    });
  const confirmRemoveExcess = (row: SyncTable) =>
    modal.confirm({
      title: t('erpSync.tables.removeExcess'),
      content: t('erpSync.tables.removeExcessConfirm', { count: row.excess, table: label(row.table_code) }),
      okButtonProps: { danger: true },
      onOk: () => removeExcess.mutateAsync({ table_code: row.table_code, count: row.excess }),
    });

  const columns: ColumnsType<SyncTable> = [
    {
      title: t('erpSync.tables.table'),
      dataIndex: 'table_code',
      key: 'table_code',
      render: (code: string) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{label(code)}</Typography.Text>
          <Typography.Text type="secondary">{code}</Typography.Text>
        </Space>
      ),
    },
    { title: t('erpSync.tables.records'), dataIndex: 'records', key: 'records', align: 'right' },
    {
      title: t('erpSync.tables.excess'),
      dataIndex: 'excess',
      key: 'excess',
      align: 'right',
      render: (n: number) => (n > 0 ? <Tag color="orange">{n}</Tag> : n),
    },
    {
      title: t('erpSync.tables.lastSync'),
      dataIndex: 'last_synced_at',
      key: 'last_synced_at',
      render: (v: string | null) => (v ? renderDateTime(v) : t('erpSync.tables.never')),
    },
    {
      title: t('erpSync.tables.state'),
      dataIndex: 'state',
      key: 'state',
      render: (s: string | null) => (s ? <Tag color={stateColor[s]}>{t(`erpSync.state.${s}`)}</Tag> : null),
    },
    {
      title: t('erpSync.tables.progress'),
      key: 'progress',
      render: (_: unknown, row: SyncTable) => <RunProgress run={row.run} />,
    },
    {
      title: t('erpSync.tables.lastError'),
      dataIndex: 'last_error',
      key: 'last_error',
      width: 280,
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null),
    },
    {
      title: t('erpSync.tables.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: string) =>
        s === 'paused' ? (
          <Tag color="default">{t('erpSync.tables.paused')}</Tag>
        ) : (
          <Tag color="green">{t('erpSync.tables.active')}</Tag>
        ),
    },
    {
      title: t('erpSync.tables.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row: SyncTable) => {
        const name = label(row.table_code);
        return (
          <Space wrap size={4}>
            {canEdit ? (
              <>
                <Tooltip title={t('erpSync.tables.syncTitle')}>
                  <Button
                    size="small"
                    icon={<SyncOutlined />}
                    aria-label={`${t('erpSync.tables.sync')} ${name}`}
                    disabled={live(row.run)}
                    onClick={() => sync.mutate({ table_code: row.table_code, sync_all: false })}
                  >
                    {t('erpSync.tables.sync')}
                  </Button>
                </Tooltip>
                <Tooltip title={t('erpSync.tables.syncAllTitle')}>
                  <Button
                    size="small"
                    aria-label={`${t('erpSync.tables.syncAll')} ${name}`}
                    disabled={live(row.run)}
                    onClick={() => sync.mutate({ table_code: row.table_code, sync_all: true })}
                  >
                    {t('erpSync.tables.syncAll')}
                  </Button>
                </Tooltip>
              </>
            ) : null}
            <Button
              size="small"
              icon={<UnorderedListOutlined />}
              aria-label={`${t('erpSync.tables.browse')} ${name}`}
              onClick={() => setBrowsing(row.table_code)}
            >
              {t('erpSync.tables.browse')}
            </Button>
            {canEdit ? (
              <>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('erpSync.tables.removeExcess')} ${name}`}
                  disabled={row.excess === 0 || live(row.run)}
                  onClick={handle(() => confirmRemoveExcess(row))}
                >
                  {t('erpSync.tables.removeExcess')}
                </Button>
                <Button
                  size="small"
                  aria-label={`${row.status === 'paused' ? t('erpSync.tables.resume') : t('erpSync.tables.pause')} ${name}`}
                  onClick={() =>
                    setStatus.mutate({
                      table_code: row.table_code,
                      status: row.status === 'paused' ? 'active' : 'paused',
                    })
                  }
                >
                  {row.status === 'paused' ? t('erpSync.tables.resume') : t('erpSync.tables.pause')}
                </Button>
              </>
            ) : null}
          </Space>
        );
      },
    },
  ];

  const mode = tables.data?.[0]?.erp_mode;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('erpSync.tables.title')}
        </Typography.Title>
        {mode ? <Tag data-testid="erp-mode">{t('erpSync.tables.mode', { mode })}</Tag> : null}
      </Space>
      <Space style={{ marginBottom: 12 }} wrap>
        {canEdit ? (
          <>
            <Button icon={<ApiOutlined />} loading={authorize.isPending} onClick={() => authorize.mutate(undefined)}>
              {t('erpSync.tables.checkConnection')}
            </Button>
            <Button
              type="primary"
              icon={<SyncOutlined />}
              disabled={active.length === 0}
              onClick={handle(syncAllTables)}
            >
              {t('erpSync.tables.syncAllTables')}
            </Button>
          </>
        ) : null}
        <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)}>
          {t('erpSync.log.title')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('erpSync.tables.refresh')}
        </Button>
      </Space>
      <Table<SyncTable>
        rowKey="table_code"
        columns={columns}
        dataSource={tables.data ?? []}
        loading={tables.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('erpSync.tables.empty') }}
      />
      <Drawer
        open={browsing !== null}
        onClose={() => setBrowsing(null)}
        width="min(1100px, 100vw)"
        title={browsing ? t('erpSync.records.title', { table: label(browsing) }) : null}
        destroyOnHidden
      >
        {browsing ? <TableRecords table={browsing} canEdit={canEdit} /> : null}
      </Drawer>
      <Drawer
        open={logOpen}
        onClose={() => setLogOpen(false)}
        width="min(1200px, 100vw)"
        title={t('erpSync.log.title')}
        destroyOnHidden
      >
        {logOpen ? <SyncLog canEdit={canEdit} /> : null}
      </Drawer>
    </>
  );
}
