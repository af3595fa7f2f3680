import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatNumber, type SalesOrder } from '@fp/contract';
import { call } from '../../../api/client';
import { qk } from '../../../api/keys';
import { useApiMutation } from '../../../api/mutation';
import { handle } from '../../../components/handle';
import type { CounterPanelProps } from './types';
import { MoneyInput, plainAmount } from '../../../components/MoneyInput';

type FeeLine = SalesOrder['fees'][number];

/** Fees on the order: add from the fee catalogue, change the amount, remove (issue 9, fees; open orders only). */
export function FeesPanel({ order, editable, onChanged }: CounterPanelProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [feeCode, setFeeCode] = useState<string | undefined>();
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const catalogue = useQuery({
    queryKey: qk.op('fees.list', { active: true }),
    queryFn: () =>
      call('fees.list', {
        body: {
          filters: [{ field: 'is_active', value: true, condition_type: 'eq' }],
          pagination: { page: 1, size: 100 },
        },
      }),
    enabled: editable,
  });
  const ref = { pos_so_no: order.pos_so_no, version: order.version };
  const add = useApiMutation({
    fn: (code: string) => call('salesFees.add', { body: { ...ref, fee_code: code } }),
    invalidates: [],
    success: { action: 'Add', entity: 'Fee' },
    onSuccess: (o) => {
      setFeeCode(undefined);
      onChanged(o);
    },
  });
  const update = useApiMutation({
    fn: (v: { line_no: number; amount: string }) => call('salesFees.update', { body: { ...ref, ...v } }),
    invalidates: [],
    success: { action: 'Update', entity: 'Fee' },
    onSuccess: (o, v) => {
      setAmounts(({ [v.line_no]: _done, ...rest }) => rest);
      onChanged(o);
    },
  });
  const remove = useApiMutation({
    fn: (lineNo: number) => call('salesFees.remove', { body: { ...ref, line_nos: [lineNo] } }),
    invalidates: [],
    success: { action: 'Remove', entity: 'Fee' },
    onSuccess: (o) => onChanged(o),
  });

  if (order.document_type === 'credit_memo' || (!editable && order.fees.length === 0)) return null;
  const saveAmount = (f: FeeLine) => {
    const typed = amounts[f.line_no];
    if (typed === undefined) return;
    const amount = plainAmount(typed) ?? typed;
    if (Number(amount) === Number(f.amount)) return;
    update.mutate({ line_no: f.line_no, amount });
  };

  return (
    <Card size="small" title={t('fees.panel.title')} data-testid="fees-panel">
      <Table<FeeLine>
        size="small"
        rowKey="line_no"
        pagination={false}
        dataSource={order.fees}
        locale={{ emptyText: t('fees.panel.none') }}
        columns={[
          { title: t('sales.fees.fee'), dataIndex: 'fee_code', key: 'fee_code' },
          { title: t('fields.description'), dataIndex: 'description', key: 'description' },
          {
            title: t('fields.amount'),
            key: 'amount',
            align: 'right',
            render: (_, f) =>
              editable ? (
                <MoneyInput
                  size="small"
                  style={{ width: 140, textAlign: 'right' }}
                  aria-label={t('sales.fees.amountOf', { code: f.fee_code })}
                  value={amounts[f.line_no] ?? f.amount}
                  onChange={(v) => setAmounts((a) => ({ ...a, [f.line_no]: v }))}
                  onBlur={() => saveAmount(f)}
                  onPressEnter={() => saveAmount(f)}
                />
              ) : (
                formatNumber(f.amount)
              ),
          },
          ...(editable
            ? [
                {
                  title: '',
                  key: 'remove',
                  render: (_: unknown, f: FeeLine) => (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('sales.fees.removeFee', { code: f.fee_code })}
                      onClick={handle(() =>
                        modal.confirm({
                          title: t('fees.panel.removeConfirm', { code: f.fee_code, amount: formatNumber(f.amount) }),
                          okText: t('common.remove'),
                          okButtonProps: { danger: true },
                          onOk: () => remove.mutateAsync(f.line_no),
                        }),
                      )}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {editable && (
        <Space style={{ marginTop: 8 }}>
          <Select
            style={{ width: 280 }}
            aria-label={t('sales.fees.fee')}
            placeholder={t('fees.panel.pick')}
            value={feeCode}
            onChange={setFeeCode}
            loading={catalogue.isLoading}
            showSearch
            optionFilterProp="label"
            options={(catalogue.data?.items ?? []).map((f) => ({
              value: f.fee_code,
              label: `${f.fee_code} – ${f.description} (${formatNumber(f.amount)})`,
            }))}
          />
          <Button
            icon={<PlusOutlined />}
            disabled={!feeCode}
            loading={add.isPending}
            onClick={() => feeCode && add.mutate(feeCode)}
          >
            {t('fees.panel.add')}
          </Button>
        </Space>
      )}
    </Card>
  );
}
