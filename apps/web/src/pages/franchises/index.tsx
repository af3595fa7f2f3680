import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Tag } from 'antd';
import { DeleteOutlined, NumberOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import type { Franchise } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { GenerateSeriesDialog } from './GenerateSeriesDialog';
import { FRANCHISES_AREA, FRANCHISES_PAGE, NUMBER_SERIES_AREA, detailUrl } from './data';
import { handle } from '../../components/handle';

/** /franchises: the franchise list (filters, Add New, delete many, Export Excel, Generate Number Series). */
export default function FranchisesPage() {
  const { t } = useTranslation();
  const canEdit = useCan(FRANCHISES_PAGE, 'edit');
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<Key[]>([]);
  const [generating, setGenerating] = useState(false);

  const remove = useApiMutation({
    fn: (customer_nos: string[]) => call('franchises.delete', { body: { customer_nos } }),
    invalidates: [FRANCHISES_AREA, NUMBER_SERIES_AREA],
    success: { action: 'Delete', entity: 'Franchise' },
    onSuccess: () => setSelected([]),
  });

  const confirmDelete = () => {
    const codes = selected.map(String);
    modal.confirm({
      title:
        codes.length === 1
          ? t('franchises.deleteOne', { no: codes[0] })
          : t('franchises.deleteMany', { count: codes.length }),
      content: t('franchises.deleteManyContent', { codes: codes.join(', ') }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(codes).catch(() => undefined),
    });
  };

  const columns: ColumnsType<Franchise> = [
    {
      title: t('fields.customerNo'),
      dataIndex: 'customer_no',
      key: 'customer_no',
      sorter: true,
      fixed: 'left',
      render: (v: string) => <Link to={detailUrl(v)}>{v}</Link>,
    },
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true },
    { title: t('fields.phone'), dataIndex: 'phone_no', key: 'phone_no', sorter: true },
    { title: t('fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    { title: t('fields.address'), dataIndex: 'address', key: 'address' },
    { title: t('franchises.district'), dataIndex: 'district_name', key: 'district_name', sorter: true },
    { title: t('franchises.city'), dataIndex: 'city', key: 'city', sorter: true },
    { title: t('franchises.regionCode'), dataIndex: 'region_code', key: 'region_code', sorter: true },
    { title: t('franchises.vendorNo'), dataIndex: 'vendor_no', key: 'vendor_no', sorter: true },
    { title: t('franchises.vendorName'), dataIndex: 'vendor_name', key: 'vendor_name', sorter: true },
    {
      title: t('fields.status'),
      dataIndex: 'is_active',
      key: 'is_active',
      sorter: true,
      render: (v: boolean) =>
        v ? <Tag color="green">{t('franchises.active')}</Tag> : <Tag>{t('franchises.inactive')}</Tag>,
    },
    {
      title: t('franchises.lastSynced'),
      dataIndex: 'last_synced_at',
      key: 'last_synced_at',
      sorter: true,
      render: renderDateTime,
    },
    {
      title: t('franchises.updated'),
      dataIndex: 'updated_at',
      key: 'updated_at',
      sorter: true,
      render: renderDateTime,
    },
  ];

  return (
    <>
      <ListPage<Franchise>
        title={t('franchises.title')}
        area={FRANCHISES_AREA}
        op="franchises.list"
        rowKey="customer_no"
        exportName="franchises"
        columns={columns}
        selectable={canEdit}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys)}
        filters={[
          { name: 'customer_no', label: t('fields.customerNo') },
          { name: 'name', label: t('fields.name') },
          { name: 'phone_no', label: t('fields.phone') },
          { name: 'city', label: t('franchises.city') },
          { name: 'region_code', label: t('franchises.regionCode') },
          { name: 'vendor_no', label: t('franchises.vendorNo') },
          { name: 'is_active', label: t('fields.active'), type: 'boolean' },
        ]}
        toolbar={
          canEdit ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={handle(() => navigate('/franchises/detail'))}>
                {t('list.addNew')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                {selected.length ? t('franchises.deleteCount', { count: selected.length }) : t('common.delete')}
              </Button>
              <Button icon={<NumberOutlined />} onClick={() => setGenerating(true)}>
                {t('franchises.series.generateTitle')}
              </Button>
            </>
          ) : null
        }
      />
      <GenerateSeriesDialog
        open={generating}
        franchiseCode={selected.length === 1 ? String(selected[0]) : undefined}
        onClose={() => setGenerating(false)}
      />
    </>
  );
}
