import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import {
  CloudSyncOutlined,
  DeleteOutlined,
  EditOutlined,
  PercentageOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import {
  PRICE_RATE_RULE,
  decimalIssue,
  formatNumber,
  messages,
  parseDecimalText,
  type FilterItem,
  type ItemDetail,
  type ItemRow,
} from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderMoney } from '../../components/format';
import { useLabels } from '../../components/labels';
import { toast } from '../../components/toast';
import { AREA, ENTITY, useCategoryTree, useFranchiseOptions } from './data';
import { ItemForm } from './ItemForm';
import { PriceSourceTag, RateCell, SortCell } from './cells';
import { ShopRowPush, ShopSyncAllButton } from '../shop/ShopSyncButtons';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';

const PAGE = '/items';

// /items: a franchise's item list (price rate, sort, sync, remove) with today's effective price; head office
// picks the franchise, or sees the item master and edits it.
export default function ItemsPage() {
  const { me } = useSession();
  const { modal } = App.useApp();
  const canEdit = useCan(PAGE, 'edit');
  const own = me?.franchise_code ?? null;
  const headOffice = !own;
  const [picked, setPicked] = useState<string | null>(null);
  const franchise = own ?? picked;
  const franchiseOptions = useFranchiseOptions(headOffice);
  const tree = useCategoryTree();
  const [selected, setSelected] = useState<Key[]>([]);
  const [sorts, setSorts] = useState<Map<string, number>>(new Map());
  const [editing, setEditing] = useState<ItemDetail | 'new' | null>(null);
  const [dialog, setDialog] = useState<'syncItem' | 'rateAll' | null>(null);
  const [form] = Form.useForm();
  const { t } = useTranslation();
  const labels = useLabels();

  const fixed: FilterItem[] = useMemo(
    () => (franchise && headOffice ? [{ field: 'franchise_code', value: franchise, condition_type: 'eq' }] : []),
    [franchise, headOffice],
  );
  const body = <T extends object>(extra: T) => ({
    ...(headOffice && franchise ? { franchise_code: franchise } : {}),
    ...extra,
  });

  const rate = useApiMutation({
    fn: (v: { item_no?: string; price_rate: string; update_all?: boolean; version?: number | null }) =>
      call('items.updatePriceRate', { body: body({ ...v, version: v.version ?? undefined }) }),
    invalidates: [AREA],
    success: { action: 'Update', entity: ENTITY },
  });
  const sort = useApiMutation({
    fn: (pairs: { item_no: string; sort: number }[]) => call('items.sort', { body: body({ items: pairs }) }),
    invalidates: [AREA],
    success: { action: 'Update', entity: ENTITY },
    onSuccess: () => setSorts(new Map()),
  });
  const remove = useApiMutation({
    fn: (itemNos: string[]) => call('items.remove', { body: body({ item_nos: itemNos }) }),
    invalidates: [AREA],
    success: { action: 'Remove', entity: ENTITY },
    onSuccess: () => setSelected([]),
  });
  const sync = useApiMutation({
    fn: (itemNo: string | null) =>
      itemNo ? call('items.syncItemNo', { body: body({ item_no: itemNo }) }) : call('items.sync', { body: body({}) }),
    invalidates: [AREA],
    toastError: false,
    onSuccess: (r) => {
      toast.syncSuccess(ENTITY);
      toast.info(r.message);
      setDialog(null);
    },
  });
  const runSync = (itemNo: string | null) => sync.mutateAsync(itemNo).catch(() => toast.syncFailed());

  // A change to every item of the list asks first and says how many items it changes.
  const confirmRateAll = async (priceRate: string) => {
    const count = await call('items.list', { body: { pagination: { page: 1, size: 1 }, filters: fixed } })
      .then((r) => r.total_count)
      .catch((e: unknown) => {
        toast.error(e);
        return null;
      });
    if (count === null) return;
    modal.confirm({
      title: t('items.rateAll.title', { count, franchise, rate: formatNumber(priceRate) }),
      content: t('items.rateAll.content'),
      okText: t('items.rateAll.ok'),
      onOk: () => rate.mutateAsync({ update_all: true, price_rate: priceRate }).then(() => setDialog(null)),
    });
  };

  const openItem = async (itemNo: string) => setEditing(await call('items.get', { params: { item_no: itemNo } }));

  const columns: ColumnsType<ItemRow> = [
    ...(franchise
      ? [
          {
            title: t('items.sort'),
            dataIndex: 'sort',
            key: 'sort',
            sorter: true,
            width: 100,
            render: (_: unknown, r: ItemRow) => (
              <SortCell
                row={r}
                value={sorts.get(r.item_no)}
                disabled={!canEdit}
                onChange={(n) =>
                  setSorts((m) => {
                    const next = new Map(m);
                    if (n === null || n === r.sort) next.delete(r.item_no);
                    else next.set(r.item_no, n);
                    return next;
                  })
                }
              />
            ),
          },
        ]
      : []),
    { title: t('fields.itemNo'), dataIndex: 'item_no', key: 'item_no', sorter: true },
    { title: t('fields.description'), dataIndex: 'description', key: 'description', sorter: true },
    { title: t('items.barcode'), dataIndex: 'barcode', key: 'barcode' },
    {
      title: t('fields.category'),
      dataIndex: 'category_name',
      key: 'category_name',
      sorter: true,
      render: (_: unknown, r: ItemRow) =>
        r.parent_category_name ? `${r.parent_category_name} › ${r.category_name}` : (r.category_name ?? ''),
    },
    { title: t('items.unit'), dataIndex: 'base_unit_of_measure', key: 'base_unit_of_measure' },
    {
      title: t('items.listPrice'),
      dataIndex: 'unit_price',
      key: 'unit_price',
      sorter: true,
      align: 'right',
      render: renderMoney,
    },
    ...(franchise
      ? [
          {
            title: t('items.priceRate'),
            dataIndex: 'price_rate',
            key: 'price_rate',
            sorter: true,
            render: (_: unknown, r: ItemRow) => (
              <RateCell
                row={r}
                disabled={!canEdit}
                onSave={(v) => rate.mutate({ item_no: r.item_no, price_rate: v, version: r.version })}
              />
            ),
          },
        ]
      : []),
    {
      title: t('items.effectivePrice'),
      dataIndex: 'effective_price',
      key: 'effective_price',
      sorter: true,
      align: 'right',
      render: (v: string) => <strong>{renderMoney(v)}</strong>,
    },
    {
      title: t('items.priceSource'),
      dataIndex: 'price_source',
      key: 'price_source',
      render: (_: unknown, r: ItemRow) => <PriceSourceTag row={r} />,
    },
    ...(headOffice && canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, r: ItemRow) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('items.editItemOf', { item: r.item_no })}
                  onClick={() => void openItem(r.item_no).catch(toast.error)}
                >
                  {t('items.editItem')}
                </Button>
                <ShopRowPush itemNo={r.item_no} />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const categories = (tree.data ?? []).map((c) => ({ label: c.name, value: c.id }));
  const toolbar = canEdit ? (
    <Space wrap>
      {headOffice ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('items.addTitle')}
        </Button>
      ) : null}
      {headOffice ? <ShopSyncAllButton /> : null}
      <Button
        icon={<CloudSyncOutlined />}
        loading={sync.isPending && dialog === null}
        onClick={handle(() =>
          modal.confirm({
            title: franchise ? t('items.syncAllInto', { franchise }) : t('items.syncAllEvery'),
            content: t('items.syncAllContent'),
            okText: t('items.syncAll'),
            onOk: () => runSync(null),
          }),
        )}
      >
        {t('items.syncAll')}
      </Button>
      <Button
        icon={<CloudSyncOutlined />}
        onClick={() => {
          form.resetFields();
          setDialog('syncItem');
        }}
      >
        {t('items.syncItem')}
      </Button>
      {franchise ? (
        <>
          <Button
            icon={<PercentageOutlined />}
            onClick={() => {
              form.resetFields();
              setDialog('rateAll');
            }}
          >
            {t('items.rateAllButton')}
          </Button>
          <Button
            icon={<SaveOutlined />}
            disabled={sorts.size === 0}
            loading={sort.isPending}
            onClick={() => sort.mutate([...sorts].map(([item_no, s]) => ({ item_no, sort: s })))}
          >
            {sorts.size ? t('items.saveSortCount', { count: sorts.size }) : t('items.saveSort')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={handle(() =>
              modal.confirm({
                title: t('items.removeConfirm', { count: selected.length, franchise }),
                content: t('items.removeContent'),
                okText: t('common.remove'),
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync(selected.map(String)),
              }),
            )}
          >
            {t('common.remove')}
          </Button>
        </>
      ) : null}
    </Space>
  ) : null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('items.title')}
      </Typography.Title>
      {headOffice ? (
        <Space style={{ marginBottom: 12 }}>
          <label htmlFor="items-franchise">{t('fields.franchise')}</label>
          <Select
            id="items-franchise"
            allowClear
            showSearch
            style={{ minWidth: 320 }}
            placeholder={t('items.master')}
            options={franchiseOptions.data ?? []}
            value={picked ?? undefined}
            onChange={(v) => {
              setPicked(v ?? null);
              setSelected([]);
              setSorts(new Map());
            }}
            aria-label={t('fields.franchise')}
          />
        </Space>
      ) : (
        <Typography.Paragraph type="secondary">{t('items.listOf', { franchise: own })}</Typography.Paragraph>
      )}
      <ListPage<ItemRow>
        key={franchise ?? 'master'}
        area={AREA}
        op="items.list"
        rowKey="item_no"
        exportName={franchise ? `items-${franchise}` : 'items'}
        columns={columns}
        fixedFilters={fixed}
        defaultSort={franchise ? { field: 'sort', direction: 'asc' } : { field: 'item_no', direction: 'asc' }}
        selectable={Boolean(franchise && canEdit)}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys)}
        filters={[
          { name: 'search', label: t('common.search') },
          { name: 'barcode', label: t('items.barcode'), type: 'exact' },
          { name: 'top_category_id', label: t('fields.category'), type: 'select', options: categories },
          {
            name: 'price_source',
            label: t('items.priceSource'),
            type: 'select',
            options: labels.options('priceSource'),
          },
          { name: 'blocked', label: t('items.blocked'), type: 'boolean' },
        ]}
        toolbar={toolbar}
      />
      <ItemForm editing={editing} onClose={() => setEditing(null)} />
      <FormDialog
        open={dialog !== null}
        title={dialog === 'syncItem' ? t('items.syncItem') : t('items.rateAllTitle', { franchise })}
        okText={dialog === 'syncItem' ? t('items.sync') : t('items.rateAll.ok')}
        confirmLoading={sync.isPending || rate.isPending}
        onCancel={() => setDialog(null)}
        form={form}
        onFinish={(v: { item_no?: string; price_rate?: string }) => {
          if (dialog === 'syncItem') void runSync(String(v.item_no).trim());
          else void confirmRateAll(parseDecimalText(String(v.price_rate)) ?? String(v.price_rate));
        }}
        name="items-dialog"
      >
        {dialog === 'syncItem' ? (
          <Form.Item name="item_no" label={t('fields.itemNo')} rules={[{ required: true, message: messages.required }]}>
            <Input autoFocus />
          </Form.Item>
        ) : (
          <Form.Item
            name="price_rate"
            label={t('items.priceRate')}
            extra={t('items.rateHint')}
            rules={[
              { required: true, whitespace: true, message: messages.required },
              {
                validator: (_, v?: string) => {
                  const issue = v?.trim() ? decimalIssue(v, PRICE_RATE_RULE) : null;
                  return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input inputMode="decimal" placeholder="1,05" style={{ width: 160 }} autoFocus />
          </Form.Item>
        )}
      </FormDialog>
    </>
  );
}
