import { App, Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { permissionTypes, type PagePermissionListItem } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { PERMISSION_AREA, permissionDetailPath, useCanEditPermissions } from './data';
import { handle } from '../../components/handle';

/** /pagePermission: the permissions with their level, how many pages they grant and how many users hold them. */
export default function PagePermissionsPage() {
  const canEdit = useCanEditPermissions();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const remove = useApiMutation({
    fn: (id: number) => call('pagePermissions.delete', { params: { id } }),
    invalidates: [PERMISSION_AREA],
    success: { action: 'Delete', entity: 'Page Permission' },
  });

  const confirmDelete = (row: PagePermissionListItem) =>
    modal.confirm({
      title: `Delete page permission ${row.name}?`,
      content: row.users_count ? `${row.users_count} user(s) lose the pages it grants.` : 'No user holds it.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const count = (v: unknown) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(v)}</span>;
  const columns: ColumnsType<PagePermissionListItem> = [
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => <Link to={permissionDetailPath(row.id)}>{name}</Link>,
    },
    { title: 'Permission Type', dataIndex: 'permission_type', key: 'permission_type', sorter: true },
    { title: 'Pages', dataIndex: 'pages_count', key: 'pages_count', align: 'right', render: count },
    { title: 'Users', dataIndex: 'users_count', key: 'users_count', align: 'right', sorter: true, render: count },
    ...(canEdit
      ? [
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row: PagePermissionListItem) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${row.name}`}
                onClick={handle(() => confirmDelete(row))}
              >
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<PagePermissionListItem>
      title="Page Permission"
      area={PERMISSION_AREA}
      op="pagePermissions.list"
      rowKey="id"
      exportName="page-permissions"
      columns={columns}
      filters={[
        { name: 'name', label: 'Name' },
        {
          name: 'permission_type',
          label: 'Permission Type',
          type: 'select',
          options: permissionTypes.map((t) => ({ label: t, value: t })),
        },
      ]}
      toolbar={
        canEdit ? (
          <Space>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={handle(() => navigate(permissionDetailPath('new')))}
            >
              Add New
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
