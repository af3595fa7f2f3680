import { useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@fp/contract';
import { toast } from '../../../components/toast';
import type { OfflineDataState } from './data';
import type { OutboxSale } from './db';
import { NUMBERS_LOW } from './numbers';
import { discard, resend, sendOutbox } from './outbox';

/**
 * The counter's offline line (issue 19): the banner while the server is out of reach (with the count of sales kept
 * on the device), how fresh the offline data is (with a refresh button), the device's numbers left (a warning well
 * before they run out) and the sales not yet accepted by the server, listed with resend and discard.
 */
export function OfflineBar(p: {
  reached: boolean;
  data: OfflineDataState;
  outbox: OutboxSale[] | null;
  numbersLeft: number | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unsent = p.outbox?.filter((s) => s.state === 'unsent').length ?? 0;
  const refused = p.outbox?.filter((s) => s.state === 'refused').length ?? 0;
  const row = p.data.row;
  return (
    <div className="counter-offline" data-testid="counter-offline">
      {!p.reached && (
        <Alert
          type="warning"
          showIcon
          role="status"
          data-testid="offline-banner"
          message={t('offline.banner')}
          description={t('offline.unsent', { count: unsent })}
          style={{ marginBottom: 8 }}
        />
      )}
      {refused > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('offline.refusedBanner', { count: refused })}
          action={
            <Button className="counter-target" onClick={() => setOpen(true)}>
              {t('offline.show')}
            </Button>
          }
        />
      )}
      <Space wrap size="middle" className="counter-offline-line">
        <Typography.Text type={p.data.failed || !row ? 'warning' : 'secondary'} data-testid="offline-freshness">
          {row
            ? t('offline.freshness', { when: formatDateTime(row.generated_at) })
            : p.data.refreshing
              ? t('offline.loadingData')
              : t('offline.noData')}
        </Typography.Text>
        <Button
          className="counter-target"
          icon={<ReloadOutlined />}
          loading={p.data.refreshing}
          disabled={!p.reached}
          onClick={() => void p.data.refresh()}
        >
          {t('offline.refresh')}
        </Button>
        {p.numbersLeft !== null && (
          <Tag color={p.numbersLeft < NUMBERS_LOW ? 'orange' : undefined} data-testid="offline-numbers">
            {t('offline.numbersLeft', { count: p.numbersLeft })}
          </Tag>
        )}
        <Button className="counter-target" onClick={() => setOpen(true)} data-testid="offline-outbox-open">
          {t('offline.outbox', { count: unsent + refused })}
        </Button>
      </Space>
      <OutboxDrawer open={open} onClose={() => setOpen(false)} rows={p.outbox} reached={p.reached} />
    </div>
  );
}

/** The sales kept on this device: unsent (sent when the connection returns) and refused by the server. */
function OutboxDrawer(p: { open: boolean; onClose: () => void; rows: OutboxSale[] | null; reached: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (id: string, f: () => Promise<unknown>) => {
    setBusy(id);
    try {
      await f();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(null);
    }
  };
  const askDiscard = (s: OutboxSale) =>
    modal.confirm({
      title: t('offline.discardTitle', { no: s.receipt.device_doc_no }),
      content: t('offline.discardText', { total: formatNumber(s.receipt.grand_total) }),
      okText: t('offline.discard'),
      okButtonProps: { danger: true },
      wrapClassName: 'counter-dialog',
      cancelText: t('offline.keep'),
      onOk: () => act(s.client_id, () => discard(s.client_id)),
    });
  return (
    <Drawer
      open={p.open}
      onClose={p.onClose}
      title={t('offline.outboxTitle')}
      size="large"
      rootClassName="counter-dialog"
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={!p.reached || !p.rows?.some((s) => s.state === 'unsent')}
          onClick={() => void act('all', () => sendOutbox())}
          loading={busy === 'all'}
        >
          {t('offline.sendNow')}
        </Button>
      </Space>
      <Table<OutboxSale>
        rowKey="client_id"
        size="small"
        loading={p.rows === null}
        dataSource={p.rows ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('offline.outboxEmpty')} /> }}
        columns={[
          { title: t('offline.col.number'), render: (_, s) => s.receipt.device_doc_no },
          { title: t('offline.col.soldAt'), render: (_, s) => formatDateTime(s.created_at) },
          {
            title: t('offline.col.customer'),
            render: (_, s) => `${s.receipt.customer_name} ${s.receipt.customer_phone}`,
          },
          { title: t('offline.col.cashier'), dataIndex: 'user' },
          {
            title: t('offline.col.total'),
            align: 'right',
            render: (_, s) => formatNumber(s.receipt.grand_total),
          },
          {
            title: t('offline.col.state'),
            render: (_, s) =>
              s.state === 'refused' ? (
                <>
                  <Tag color="red">{t('offline.state.refused')}</Tag>
                  <Typography.Text type="danger">{s.error?.msg}</Typography.Text>
                </>
              ) : (
                <Tag color="orange">{t('offline.state.unsent')}</Tag>
              ),
          },
          {
            title: t('offline.col.actions'),
            render: (_, s) =>
              s.state === 'refused' ? (
                <Space>
                  <Button
                    disabled={!p.reached}
                    loading={busy === s.client_id}
                    onClick={() => void act(s.client_id, () => resend(s.client_id))}
                  >
                    {t('offline.resend')}
                  </Button>
                  <Button danger onClick={() => void askDiscard(s)}>
                    {t('offline.discard')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
