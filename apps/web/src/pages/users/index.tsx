import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Space, Tag } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  ShopOutlined,
  StopOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { mayManageUser, userFormFields, type User } from '@fp/contract';
import { call, type OpBody } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { useCan, useSession } from '../../auth/session';
import { ListPage } from '../../components/ListPage';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';
import { ChangeDeviceDialog, ChangeStoreDialog, SetPasswordDialog } from './dialogs';
import { showFormErrors } from '../../components/form-errors';
import { UserFields, toPayload, type UserFormValues } from './UserFields';
import { USERS_AREA, USERS_PAGE, deviceLabel, useDevices, useOwnStore, useRoles } from './data';
import { handle } from '../../components/handle';
import { FormDialog } from '../../components/FormDialog';

export default function UsersPage() {
  const { t } = useTranslation();
  const canEdit = useCan(USERS_PAGE, 'edit');
  const { me } = useSession();
  // What the server would refuse is not offered: only Administrators change an Administrator.
  const mayManage = (row: User) => mayManageUser(Boolean(me?.is_admin), row.role_name);
  const { modal } = App.useApp();
  const ownStore = useOwnStore();
  const roles = useRoles();
  const devices = useDevices();
  const [form] = Form.useForm<UserFormValues>();
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: User[] }>({ keys: [], rows: [] });
  const [pwUser, setPwUser] = useState<User | null>(null);
  const [storeUser, setStoreUser] = useState<User | null>(null);
  const [deviceUser, setDeviceUser] = useState<User | null>(null);
  const deviceNames = useMemo(
    () => new Map((devices.data?.items ?? []).map((d) => [d.id, deviceLabel(d)])),
    [devices.data],
  );

  const isNew = editing === 'new';
  const save = useApiMutation({
    fn: (v: UserFormValues) =>
      editing && editing !== 'new'
        ? call('users.update', { body: { ...toPayload(v), user_id: editing.user_id, version: editing.version } })
        : call('users.create', { body: toPayload(v) as OpBody<'users.create'> }), // the form's rules and the server's field errors cover missing values
    invalidates: [USERS_AREA],
    success: { action: isNew ? 'Create' : 'Update', entity: 'User' },
    toastError: false,
    onSuccess: () => setEditing(null),
  });
  const setActive = useApiMutation({
    fn: (v: { is_active: boolean; ids: number[] }) => call('users.isActive', { body: v }),
    invalidates: [USERS_AREA],
    onSuccess: (_r, v) => {
      setSelected({ keys: [], rows: [] });
      toast.success(v.is_active ? 'Activate' : 'Deactivate', 'User');
    },
  });
  const remove = useApiMutation({
    fn: (id: number) => call('users.delete', { query: { user_id: id } }),
    invalidates: [USERS_AREA],
    success: { action: 'Delete', entity: 'User' },
  });

  const open = (row: User | 'new') => {
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? {
            username: '',
            firstname: '',
            lastname: '',
            email: '',
            password: '',
            role_id: undefined,
            customer_no: ownStore,
            device_id: null,
            is_active: true,
          }
        : { ...row },
    );
  };

  const confirmActive = (is_active: boolean) => {
    const ids = selected.rows.map((r) => r.user_id);
    const one = { name: selected.rows[0].username };
    const many = { count: ids.length };
    modal.confirm({
      title: is_active
        ? ids.length === 1
          ? t('users.activateOne', one)
          : t('users.activateMany', many)
        : ids.length === 1
          ? t('users.deactivateOne', one)
          : t('users.deactivateMany', many),
      content: is_active ? t('users.activateContent') : t('users.deactivateContent'),
      okText: is_active ? t('users.activate') : t('users.deactivate'),
      okButtonProps: { danger: !is_active },
      onOk: () => setActive.mutateAsync({ is_active, ids }).catch(() => undefined),
    });
  };
  const confirmDelete = (row: User) =>
    modal.confirm({
      title: t('users.deleteTitle', { name: row.username }),
      content: t('users.deleteContent'),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.user_id).catch(() => undefined),
    });

  const columns: ColumnsType<User> = [
    {
      title: t('users.username'),
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      render: (v: string, row) => <Link to={`/users/${row.user_id}`}>{v}</Link>,
    },
    { title: t('users.firstName'), dataIndex: 'firstname', key: 'firstname', sorter: true },
    { title: t('users.lastName'), dataIndex: 'lastname', key: 'lastname', sorter: true },
    { title: t('fields.email'), dataIndex: 'email', key: 'email', sorter: true },
    { title: t('users.role'), dataIndex: 'role_name', key: 'role_name', sorter: true },
    { title: t('users.store'), dataIndex: 'customer_no', key: 'customer_no', sorter: true },
    {
      title: t('users.device'),
      dataIndex: 'device_id',
      key: 'device_id',
      sorter: true,
      render: (v: number | null) => (v === null ? '' : (deviceNames.get(v) ?? `#${v}`)),
    },
    {
      title: t('fields.active'),
      dataIndex: 'is_active',
      key: 'is_active',
      sorter: true,
      render: (v: boolean) =>
        v ? <Tag color="green">{t('common.yes')}</Tag> : <Tag color="red">{t('common.no')}</Tag>,
    },
    { title: t('users.updated'), dataIndex: 'updated_at', key: 'updated_at', sorter: true, render: renderDateTime },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            // Icon buttons (named by aria-label and title): the pinned column stays narrow, so Role, Store and
            // Device are not hidden under it at 1440 px.
            render: (_: unknown, row: User) =>
              !mayManage(row) ? null : (
                <Space size={4} wrap={false}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => open(row)}
                    aria-label={t('users.editOf', { name: row.username })}
                    title={t('users.editOf', { name: row.username })}
                  />
                  <Button
                    size="small"
                    icon={<KeyOutlined />}
                    onClick={() => setPwUser(row)}
                    aria-label={t('users.setPasswordOf', { name: row.username })}
                    title={t('users.setPasswordOf', { name: row.username })}
                  />
                  {ownStore ? null : (
                    <Button
                      size="small"
                      icon={<ShopOutlined />}
                      onClick={() => setStoreUser(row)}
                      aria-label={t('users.changeStoreOf', { name: row.username })}
                      title={t('users.changeStoreOf', { name: row.username })}
                    />
                  )}
                  <Button
                    size="small"
                    icon={<PrinterOutlined />}
                    onClick={() => setDeviceUser(row)}
                    aria-label={t('users.changeDeviceOf', { name: row.username })}
                    title={t('users.changeDeviceOf', { name: row.username })}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={handle(() => confirmDelete(row))}
                    aria-label={t('users.deleteOf', { name: row.username })}
                    title={t('users.deleteOf', { name: row.username })}
                  />
                </Space>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage<User>
        title={t('users.title')}
        area={USERS_AREA}
        op="users.list"
        rowKey="user_id"
        exportName="users"
        silentErrors
        columns={columns}
        selectable={canEdit}
        canSelect={mayManage}
        selectedKeys={selected.keys}
        onSelect={(keys, rows) => setSelected({ keys, rows })}
        filters={[
          { name: 'username', label: t('users.username') },
          { name: 'firstname', label: t('users.firstName') },
          { name: 'lastname', label: t('users.lastName') },
          { name: 'email', label: t('fields.email') },
          {
            name: 'role_id',
            label: t('users.role'),
            type: 'select',
            options: (roles.data?.items ?? []).map((r) => ({ label: r.name, value: r.id })),
          },
          ...(ownStore ? [] : [{ name: 'customer_no', label: t('users.store') }]),
          { name: 'is_active', label: t('fields.active'), type: 'boolean' as const },
        ]}
        toolbar={
          canEdit ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
                {t('list.addNew')}
              </Button>
              <Button
                icon={<CheckCircleOutlined />}
                disabled={selected.rows.length === 0}
                onClick={() => confirmActive(true)}
              >
                {t('users.activate')}
              </Button>
              <Button
                icon={<StopOutlined />}
                disabled={selected.rows.length === 0}
                onClick={() => confirmActive(false)}
              >
                {t('users.deactivate')}
              </Button>
            </>
          ) : null
        }
      />
      <FormDialog
        open={editing !== null}
        title={isNew ? t('users.newTitle') : t('users.editTitle')}
        okText={t('common.save')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        form={form}
        name="user"
        onFinish={(v) => save.mutateAsync(v).catch((e: unknown) => showFormErrors(form, e, userFormFields))}
      >
        <UserFields withPassword={isNew} />
      </FormDialog>
      <SetPasswordDialog user={pwUser} onClose={() => setPwUser(null)} />
      <ChangeStoreDialog user={storeUser} onClose={() => setStoreUser(null)} />
      <ChangeDeviceDialog user={deviceUser} onClose={() => setDeviceUser(null)} />
    </>
  );
}
