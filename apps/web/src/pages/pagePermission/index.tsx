import { App, Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { permissionTypes, type PagePermissionListItem } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { ListPage } from '../../components/ListPage';
import { PERMISSION_AREA, permissionDetailPath, useCanEditPermissions } from './data';
import { handle } from '../../components/handle';

/** /pagePermission: the permissions with their level, how many pages they grant and how many users hold them. */
export default function PagePermissionsPage() {
  const { t } = useTranslation();
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
      title: t('pagePermission.deleteConfirm', { name: row.name }),
      content: row.users_count
        ? t('pagePermission.usersLose', { count: row.users_count })
        : t('pagePermission.noUserHolds'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  const count = (v: unknown) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{String(v)}</span>;
  const columns: ColumnsType<PagePermissionListItem> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (name: string, row) => <Link to={permissionDetailPath(row.id)}>{name}</Link>,
    },
    { title: t('pagePermission.permissionType'), dataIndex: 'permission_type', key: 'permission_type', sorter: true },
    { title: t('pagePermission.pages'), dataIndex: 'pages_count', key: 'pages_count', align: 'right', render: count },
    {
      title: t('pagePermission.users'),
      dataIndex: 'users_count',
      key: 'users_count',
      align: 'right',
      sorter: true,
      render: count,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: PagePermissionListItem) => (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('common.deleteOf', { name: row.name })}
                onClick={handle(() => confirmDelete(row))}
              >
                {t('common.delete')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<PagePermissionListItem>
      title={t('pagePermission.title')}
      area={PERMISSION_AREA}
      op="pagePermissions.list"
      rowKey="id"
      exportName="page-permissions"
      columns={columns}
      filters={[
        { name: 'name', label: t('fields.name') },
        {
          name: 'permission_type',
          label: t('pagePermission.permissionType'),
          type: 'select',
          options: permissionTypes.map((p) => ({ label: p, value: p })),
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
              {t('list.addNew')}
            </Button>
          </Space>
        ) : null
      }
    />
  );
}
