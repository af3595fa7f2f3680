import { useState, type Key } from 'react';
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
      title: codes.length === 1 ? `Delete franchise ${codes[0]}?` : `Delete ${codes.length} franchises?`,
      content: `${codes.join(', ')} and their stores and number series will be removed. Franchises that still have users or documents cannot be deleted.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(codes).catch(() => undefined),
    });
  };

  const columns: ColumnsType<Franchise> = [
    {
      title: 'Customer No',
      dataIndex: 'customer_no',
      key: 'customer_no',
      sorter: true,
      fixed: 'left',
      render: (v: string) => <Link to={detailUrl(v)}>{v}</Link>,
    },
    { title: 'Name', dataIndex: 'name', key: 'name', sorter: true },
    { title: 'Phone No', dataIndex: 'phone_no', key: 'phone_no', sorter: true },
    { title: 'Email', dataIndex: 'email', key: 'email', sorter: true },
    { title: 'Address', dataIndex: 'address', key: 'address' },
    { title: 'District', dataIndex: 'district_name', key: 'district_name', sorter: true },
    { title: 'City', dataIndex: 'city', key: 'city', sorter: true },
    { title: 'Region Code', dataIndex: 'region_code', key: 'region_code', sorter: true },
    { title: 'Vendor No', dataIndex: 'vendor_no', key: 'vendor_no', sorter: true },
    { title: 'Vendor Name', dataIndex: 'vendor_name', key: 'vendor_name', sorter: true },
    {
      title: 'Status',
      dataIndex: 'is_active',
      key: 'is_active',
      sorter: true,
      render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Last Synced', dataIndex: 'last_synced_at', key: 'last_synced_at', sorter: true, render: renderDateTime },
    { title: 'Updated', dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
  ];

  return (
    <>
      <ListPage<Franchise>
        title="Franchises"
        area={FRANCHISES_AREA}
        op="franchises.list"
        rowKey="customer_no"
        exportName="franchises"
        columns={columns}
        selectable={canEdit}
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys)}
        filters={[
          { name: 'customer_no', label: 'Customer No' },
          { name: 'name', label: 'Name' },
          { name: 'phone_no', label: 'Phone No' },
          { name: 'city', label: 'City' },
          { name: 'region_code', label: 'Region Code' },
          { name: 'vendor_no', label: 'Vendor No' },
          { name: 'is_active', label: 'Active', type: 'boolean' },
        ]}
        toolbar={
          canEdit ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={handle(() => navigate('/franchises/detail'))}>
                Add New
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={selected.length === 0}
                loading={remove.isPending}
                onClick={confirmDelete}
              >
                Delete{selected.length ? ` (${selected.length})` : ''}
              </Button>
              <Button icon={<NumberOutlined />} onClick={() => setGenerating(true)}>
                Generate Number Series
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
