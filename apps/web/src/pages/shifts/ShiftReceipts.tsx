import { useState } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAYMENT_PAGES } from '@fp/contract/ops/page-groups';
import type { CashReceipt } from '@fp/contract';
import { call } from '../../api/client';
import { qk } from '../../api/keys';
import { canAccess, useSession } from '../../auth/session';
import { renderDateTime, renderMoney } from '../../components/format';
import { useLabels } from '../../components/labels';

const PAGE_SIZE = 10;

/**
 * The receipts of one shift (POST /api/cash-receipts/filter with `shift_id`), in the order they were processed, a
 * page at a time from the server. Shown only to a user who may read receipts (a payment or sales page); the shift's
 * figures above hold for everyone who opens the shift.
 */
export function ShiftReceipts(p: { shiftId: number }) {
  const { t } = useTranslation();
  const { render } = useLabels();
  const { me } = useSession();
  const mayRead = PAYMENT_PAGES.some((page) => canAccess(me, page, 'view'));
  const [page, setPage] = useState(1);
  const body = {
    filters: [{ field: 'shift_id', value: p.shiftId, condition_type: 'eq' as const }],
    sort_order: { field: 'processed_at', direction: 'asc' as const },
    pagination: { page, size: PAGE_SIZE },
  };
  const q = useQuery({
    queryKey: qk.op('cashReceipts.list', body),
    queryFn: () => call('cashReceipts.list', { body }),
    enabled: mayRead,
  });
  if (!mayRead) return null;
  const columns: ColumnsType<CashReceipt> = [
    { title: t('payments.receiptNo'), dataIndex: 'receipt_no' },
    { title: t('money.receipt.order'), dataIndex: 'pos_so_no' },
    {
      title: t('money.receipt.customer'),
      key: 'customer',
      render: (_: unknown, r) => r.customer_name || r.customer_no,
    },
    { title: t('payments.method'), dataIndex: 'payment_type', render: render('paymentMethod') },
    { title: t('payments.amount'), dataIndex: 'amount', align: 'right', render: renderMoney },
    { title: t('shifts.processedAt'), dataIndex: 'processed_at', render: renderDateTime },
  ];
  return (
    <section aria-label={t('shifts.receiptsOfShift')} data-testid="shift-receipts">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('shifts.receiptsOfShift')}
      </Typography.Title>
      <Table<CashReceipt>
        size="small"
        rowKey="receipt_id"
        columns={columns}
        dataSource={q.data?.items ?? []}
        loading={q.isLoading}
        locale={{ emptyText: t('shifts.noReceipts') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total_count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </section>
  );
}
