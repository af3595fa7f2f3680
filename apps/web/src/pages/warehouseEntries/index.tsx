import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Segmented, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { DATE_ISO, type FilterItem, type WarehouseEntry } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { renderDate, renderNumber } from '../../components/format';
import { showFormErrors } from '../../components/form-errors';
import { handle } from '../../components/handle';
import { ENTITY, ENTRIES_AREA, REPORTS_AREA, STOCK_AREA, useCanEditStock, useLocations } from './data';
import { EntryDialog, entryBody, type EntryValues } from './EntryDialog';
import { TransferDialog, type TransferValues } from './TransferDialog';
import { useLabels } from '../../components/labels';

type Show = 'open' | 'posted';
const STOCK_AREAS = [ENTRIES_AREA, STOCK_AREA, REPORTS_AREA] as const;

/**
 * /warehouseEntries (calls.md 7.10): the journal of positive and negative adjustments. Open entries are added, edited
 * and removed, then posted together (one WE number) into the item ledger; posted ones are read only. Transfer moves
 * stock between two locations of one franchise in one posting.
 */
export default function WarehouseEntriesPage() {
  const { t } = useTranslation();
  const labels = useLabels();
  const { modal } = App.useApp();
  const canEdit = useCanEditStock();
  const locations = useLocations();
  const [show, setShow] = useState<Show>('open');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<WarehouseEntry | 'new' | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [form] = Form.useForm<EntryValues>();
  const [transferForm] = Form.useForm<TransferValues>();

  const save = useApiMutation({
    fn: (v: EntryValues) => {
      const body = entryBody(v);
      if (editing && editing !== 'new')
        return call('warehouseEntries.update', { body: { id: editing.id, version: editing.version, ...body } });
      const franchise = locations.options.find((l) => l.value === v.location_code)?.franchise;
      return call('warehouseEntries.create', {
        body: { ...body, ...(franchise ? { franchise_code: franchise } : {}) },
      });
    },
    invalidates: [ENTRIES_AREA],
    success: { action: editing && editing !== 'new' ? 'Update' : 'Add', entity: ENTITY },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    fn: (ids: number[]) => call('warehouseEntries.remove', { body: { ids } }),
    invalidates: [ENTRIES_AREA],
    success: { action: 'Remove', entity: ENTITY },
    onSuccess: () => setSelected([]),
  });
  const post = useApiMutation({
    fn: (ids: number[]) => call('warehouseEntries.post', { body: { ids } }),
    invalidates: STOCK_AREAS,
    success: { action: 'Post', entity: ENTITY },
    onSuccess: () => setSelected([]),
  });
  const transfer = useApiMutation({
    fn: (v: TransferValues) => {
      const franchise = locations.options.find((l) => l.value === v.location_from)?.franchise;
      return call('warehouse.transfer', {
        body: {
          ...(franchise ? { franchise_code: franchise } : {}),
          location_from: v.location_from,
          location_to: v.location_to,
          description: v.description?.trim() ?? '',
          items: v.items.map((i) => ({ item_no: i.item_no.trim().toUpperCase(), quantity: i.quantity })),
        },
      });
    },
    invalidates: STOCK_AREAS,
    success: { action: 'Post', entity: 'Warehouse Transfer' },
    toastError: false,
    onSuccess: () => setTransferring(false),
  });

  const open = (row: WarehouseEntry | 'new') => {
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { entry_type: 'positive_adjmt', quantity: '', reason_code: '', item_no: '' }
        : {
            location_code: row.location_code,
            item_no: row.item_no,
            variant_code: row.variant_code,
            unit_of_measure: row.unit_of_measure,
            entry_type: row.entry_type,
            quantity: String(Number(row.quantity)),
            reason_code: row.reason_code,
            description: row.description,
            posting_date: row.posting_date ? dayjs(row.posting_date, DATE_ISO) : null,
          },
    );
    setEditing(row);
  };
  const submit = async (v: EntryValues) => {
    try {
      await save.mutateAsync(v);
    } catch (e) {
      showFormErrors(form, e);
    }
  };
  const submitTransfer = (v: TransferValues) =>
    modal.confirm({
      title: t('stock.transfer.confirm', { count: v.items.length, from: v.location_from, to: v.location_to }),
      okText: t('stock.transfer.ok'),
      onOk: async () => {
        try {
          await transfer.mutateAsync(v);
        } catch (e) {
          showFormErrors(transferForm, e);
        }
      },
    });
  const confirmRemove = (ids: number[]) =>
    modal.confirm({
      title: t('stock.removeConfirm', { count: ids.length }),
      okText: t('common.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(ids),
    });
  const confirmPost = (ids: number[]) =>
    modal.confirm({
      title: t('stock.postConfirm', { count: ids.length }),
      okText: t('warehouseEntries.post'),
      onOk: () => post.mutateAsync(ids),
    });

  const fixedFilters = useMemo<FilterItem[]>(() => [{ field: 'status', value: show, condition_type: 'eq' }], [show]);

  const columns: ColumnsType<WarehouseEntry> = [
    { title: t('fields.location'), dataIndex: 'location_code', key: 'location_code', sorter: true },
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description' },
    { title: t('fields.variant'), dataIndex: 'variant_code', key: 'variant_code' },
    { title: t('fields.uom'), dataIndex: 'unit_of_measure', key: 'unit_of_measure' },
    {
      title: t('warehouseEntries.entryType'),
      dataIndex: 'entry_type',
      key: 'entry_type',
      sorter: true,
      render: (v: WarehouseEntry['entry_type']) => (
        <Tag color={v === 'positive_adjmt' ? 'green' : 'volcano'}>{labels.label('warehouseEntryType', v)}</Tag>
      ),
    },
    {
      title: t('fields.quantity'),
      dataIndex: 'quantity',
      key: 'quantity',
      sorter: true,
      align: 'right',
      render: renderNumber,
    },
    { title: t('warehouseEntries.reason'), dataIndex: 'reason_code', key: 'reason_code', sorter: true },
    {
      title: t('fields.postingDate'),
      dataIndex: 'posting_date',
      key: 'posting_date',
      sorter: true,
      render: renderDate,
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (v: WarehouseEntry['status']) =>
        v === 'posted' ? <Tag color="blue">{t('stock.posted')}</Tag> : <Tag>{t('stock.open')}</Tag>,
    },
    { title: t('warehouseEntries.weNo'), dataIndex: 'document_no', key: 'document_no', sorter: true },
    ...(canEdit && show === 'open'
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: WarehouseEntry) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('common.editOf', { name: row.item_no })}
                  onClick={() => open(row)}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('common.removeOf', { name: row.item_no })}
                  onClick={handle(() => confirmRemove([row.id]))}
                >
                  {t('common.remove')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<WarehouseEntry>
        title={t('warehouseEntries.title')}
        area={ENTRIES_AREA}
        op="warehouseEntries.list"
        rowKey="id"
        exportName="warehouse-entries"
        columns={columns}
        fixedFilters={fixedFilters}
        defaultSort={{ field: 'id', direction: 'desc' }}
        selectable={canEdit && show === 'open'}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys as number[])}
        filters={[
          {
            name: 'location_code',
            label: t('fields.location'),
            type: 'select',
            options: locations.options.map((l) => ({ value: l.value, label: l.label })),
          },
          { name: 'item_no', label: t('fields.itemNo') },
          {
            name: 'entry_type',
            label: t('warehouseEntries.entryType'),
            type: 'select',
            options: labels.options('warehouseEntryType'),
          },
          { name: 'reason_code', label: t('warehouseEntries.reason') },
          { name: 'document_no', label: t('warehouseEntries.weNo') },
          { name: 'posting_date', label: t('fields.postingDate'), type: 'dateRange' },
        ]}
        toolbar={
          <Space wrap>
            <Segmented<Show>
              aria-label={t('stock.show')}
              value={show}
              onChange={(v) => {
                setShow(v);
                setSelected([]);
              }}
              options={[
                { value: 'open', label: t('stock.showOpen') },
                { value: 'posted', label: t('stock.showPosted') },
              ]}
            />
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                  {t('list.addNew')}
                </Button>
                <Button
                  icon={<SendOutlined />}
                  disabled={selected.length === 0 || show !== 'open'}
                  loading={post.isPending}
                  onClick={handle(() => confirmPost(selected))}
                >
                  {t('stock.postSelected', { count: selected.length })}
                </Button>
                <Button
                  danger
                  disabled={selected.length === 0 || show !== 'open'}
                  onClick={handle(() => confirmRemove(selected))}
                >
                  {t('stock.removeSelected', { count: selected.length })}
                </Button>
                <Button
                  icon={<SwapOutlined />}
                  onClick={() => {
                    transferForm.resetFields();
                    setTransferring(true);
                  }}
                >
                  {t('warehouseEntries.transfer')}
                </Button>
              </>
            ) : null}
          </Space>
        }
      />
      <EntryDialog
        open={editing !== null}
        editing={editing !== null && editing !== 'new'}
        form={form}
        saving={save.isPending}
        onFinish={submit}
        onCancel={() => setEditing(null)}
      />
      <TransferDialog
        open={transferring}
        form={transferForm}
        saving={transfer.isPending}
        onFinish={submitTransfer}
        onCancel={() => setTransferring(false)}
      />
    </>
  );
}
