import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Table, Tag, Typography } from 'antd';
import { formatNumber } from '@fp/contract/web';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { renderDate, renderMoney } from '../../components/format';

/** An installment receipt's schedule (3 or 6 monthly instalments) and what is still due (issue 11). */
export function SchedulePanel(p: { receiptId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: qk.op('cashReceipts.schedule', { receipt_id: p.receiptId }),
    queryFn: () => call('cashReceipts.schedule', { params: { receipt_id: p.receiptId } }),
  });
  if (q.error) return <Alert type="warning" showIcon message={q.error.message} />;
  const s = q.data;
  return (
    <div data-testid="installment-schedule">
      <Typography.Title level={5}>{t('money.schedule.title')}</Typography.Title>
      {s ? (
        <Typography.Paragraph>
          {t('money.schedule.contract')}: <strong>{s.contract_no}</strong> · {t('money.schedule.stillDue')}:{' '}
          <strong data-testid="schedule-due">{formatNumber(s.still_due_amount)}</strong> ({s.still_due_count})
        </Typography.Paragraph>
      ) : null}
      <Table
        size="small"
        rowKey="instalment_no"
        loading={q.isLoading}
        pagination={false}
        dataSource={s?.instalments ?? []}
        locale={{ emptyText: t('money.schedule.none') }}
        columns={[
          { title: t('money.schedule.no'), dataIndex: 'instalment_no', width: 60 },
          { title: t('money.schedule.dueDate'), dataIndex: 'due_date', render: renderDate },
          { title: t('money.schedule.amount'), dataIndex: 'amount', align: 'right', render: renderMoney },
          {
            title: t('money.schedule.status'),
            dataIndex: 'still_due',
            render: (due: boolean) =>
              due ? (
                <Tag color="gold">{t('money.schedule.due')}</Tag>
              ) : (
                <Tag color="green">{t('money.schedule.past')}</Tag>
              ),
          },
        ]}
      />
    </div>
  );
}
