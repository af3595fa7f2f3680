import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { DATE_ISO, businessDate, type BankAccountEntry } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDate, renderMoney } from '../../components/format';
import { showFormErrors } from '../../components/form-errors';
import { plainAmount } from '../salesOrders/counter/payment-amounts';
import { useLocations } from '../warehouseEntries/data';
import { EntryDialog, type EntryValues } from './EntryDialog';
import { useLabels } from '../../components/labels';

const PAGE = '/bankAccountEntries';
const AREA = 'bankAccountEntries';
const ENTITY = 'Bank Account Entry';

/**
 * /bankAccountEntries (calls.md 7.11, issue 11): every movement of the franchise's bank accounts, those added by hand
 * and those written when a transfer or card receipt is processed (with its receipt no). Add New for a manual entry.
 */
export default function BankAccountEntriesPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const me = useSession().me;
  const headOffice = Boolean(me) && !me?.franchise_code;
  const canEdit = useCan(PAGE, 'edit');
  const locations = useLocations();
  const franchises = [...new Set(locations.options.map((l) => l.franchise))].map((f) => ({ value: f, label: f }));
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<EntryValues>();

  const add = useApiMutation({
    fn: (v: EntryValues) =>
      call('bankAccountEntries.add', {
        body: {
          ...(headOffice && v.franchise_code ? { franchise_code: v.franchise_code } : {}),
          posting_date: v.posting_date ? v.posting_date.format(DATE_ISO) : '',
          document_type: v.document_type,
          bank_account_no: v.bank_account_no.trim(),
          description: v.description?.trim() ?? '',
          amount: plainAmount(v.amount) ?? v.amount,
          name: v.name?.trim() ?? '',
          address: v.address?.trim() ?? '',
        },
      }),
    invalidates: [AREA],
    success: { action: 'Add', entity: ENTITY },
    toastError: false,
    onSuccess: () => setAdding(false),
  });
  const submit = async (v: EntryValues) => {
    try {
      await add.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e);
    }
  };

  const columns: ColumnsType<BankAccountEntry> = [
    { title: t('money.bank.entryNo'), dataIndex: 'entry_no', key: 'entry_no', sorter: true },
    {
      title: t('money.bank.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    ...(headOffice
      ? [{ title: t('money.franchise'), dataIndex: 'franchise_code', key: 'franchise_code', sorter: true }]
      : []),
    {
      title: t('money.bank.documentType'),
      dataIndex: 'document_type',
      key: 'document_type',
      sorter: true,
      render: labels.render('bankDocumentType'),
    },
    { title: t('money.bank.accountNo'), dataIndex: 'bank_account_no', key: 'bank_account_no', sorter: true },
    { title: t('money.bank.description'), dataIndex: 'description', key: 'description' },
    {
      title: t('money.bank.amount'),
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    { title: t('money.bank.name'), dataIndex: 'name', key: 'name' },
    { title: t('money.bank.address'), dataIndex: 'address', key: 'address' },
    {
      title: t('money.bank.source'),
      dataIndex: 'source',
      key: 'source',
      render: (s: string) => (
        <Tag color={s === 'cash_receipt' ? 'blue' : undefined}>{labels.label('bankEntrySource', s)}</Tag>
      ),
    },
    { title: t('payments.receiptNo'), dataIndex: 'receipt_no', key: 'receipt_no', sorter: true },
  ];

  return (
    <>
      <ListPage<BankAccountEntry>
        title={t('money.bank.title')}
        area={AREA}
        op="bankAccountEntries.list"
        rowKey="id"
        exportName="bank-account-entries"
        columns={columns}
        defaultSort={{ field: 'id', direction: 'desc' }}
        filters={[
          { name: 'posting_date', label: t('money.bank.postingDate'), type: 'dateRange' },
          ...(headOffice
            ? [{ name: 'franchise_code', label: t('money.franchise'), type: 'select' as const, options: franchises }]
            : []),
          {
            name: 'document_type',
            label: t('money.bank.documentType'),
            type: 'select',
            options: labels.options('bankDocumentType'),
          },
          { name: 'bank_account_no', label: t('money.bank.accountNo') },
          {
            name: 'source',
            label: t('money.bank.source'),
            type: 'select',
            options: labels.options('bankEntrySource'),
          },
          { name: 'receipt_no', label: t('payments.receiptNo') },
        ]}
        toolbar={
          canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ posting_date: dayjs(businessDate(), DATE_ISO) });
                setAdding(true);
              }}
            >
              {t('list.addNew')}
            </Button>
          ) : null
        }
      />
      <EntryDialog
        open={adding}
        form={form}
        saving={add.isPending}
        franchises={headOffice ? franchises : null}
        onFinish={submit}
        onCancel={() => setAdding(false)}
      />
    </>
  );
}
