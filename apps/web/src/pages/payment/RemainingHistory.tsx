import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Table, Typography } from 'antd';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { renderDate, renderMoney } from '../../components/format';
import { useLabels } from '../../components/labels';

/**
 * An order's remaining amount over time (calls.md 7.12, POST /api/remaining-amount-history/filter): every customer
 * ledger entry of the order in order, with the remaining amount after it.
 */
export function RemainingHistory(p: { posSoNo: string }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const body = {
    filters: [{ field: 'pos_so_no', value: p.posSoNo, condition_type: 'eq' as const }],
    pagination: { page: 1, size: 200 },
  };
  const q = useQuery({
    // in the receipts' area: processing a receipt refreshes it
    queryKey: qk.op('remainingAmountHistory.list', body),
    queryFn: () => call('remainingAmountHistory.list', { body }),
  });
  return (
    <div data-testid="remaining-history">
      <Typography.Title level={5}>{t('money.history.remaining')}</Typography.Title>
      <Table
        size="small"
        rowKey="entry_id"
        loading={q.isLoading}
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={q.data?.items ?? []}
        locale={{ emptyText: t('money.history.noEntries') }}
        columns={[
          { title: t('money.history.date'), dataIndex: 'posting_date', render: renderDate, width: 110 },
          {
            title: t('money.history.entryType'),
            dataIndex: 'entry_type',
            render: labels.render('customerLedgerEntryType'),
          },
          { title: t('money.history.documentNo'), dataIndex: 'document_no' },
          { title: t('money.history.amount'), dataIndex: 'amount', align: 'right', render: renderMoney },
          {
            title: t('money.history.remainingAfter'),
            dataIndex: 'remaining_amount',
            align: 'right',
            render: renderMoney,
          },
        ]}
      />
    </div>
  );
}
