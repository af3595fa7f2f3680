import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Typography } from 'antd';
import type { User } from '@fp/contract';
import { call } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { showFormErrors } from '../../components/form-errors';
import { DeviceField, passwordRules, StoreField } from './UserFields';
import { USERS_AREA, fullName } from './data';
import { FormDialog } from '../../components/FormDialog';

type DialogProps = { user: User | null; onClose: () => void };

function UserDialog<V extends object>(
  p: DialogProps & {
    title: string;
    okText: string;
    field: string;
    initial: (u: User) => V;
    call: (u: User, v: V) => Promise<unknown>;
    children: React.ReactNode;
  },
) {
  const [form] = Form.useForm<V>();
  const { user, onClose } = p;
  const save = useApiMutation({
    fn: (v: V) => p.call(user as User, v),
    invalidates: [USERS_AREA],
    success: { action: 'Update', entity: 'User' },
    toastError: false,
    onSuccess: onClose,
  });
  useEffect(() => {
    if (user) form.setFieldsValue(p.initial(user) as never);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);
  return (
    <FormDialog
      open={user !== null}
      title={p.title}
      okText={p.okText}
      confirmLoading={save.isPending}
      onCancel={onClose}
      form={form}
      name={`user-${p.field}`}
      onFinish={(v) => save.mutateAsync(v).catch((e: unknown) => showFormErrors(form, e, [p.field]))}
    >
      {user ? (
        <Typography.Paragraph type="secondary">
          {fullName(user)} ({user.username})
        </Typography.Paragraph>
      ) : null}
      {p.children}
    </FormDialog>
  );
}

/** calls.md 7.4: set a user's password; their sessions end. */
export function SetPasswordDialog(p: DialogProps) {
  const { t } = useTranslation();
  return (
    <UserDialog<{ new_password: string }>
      {...p}
      title={t('users.setPassword')}
      field="new_password"
      okText={t('users.setPassword')}
      initial={() => ({ new_password: '' })}
      call={(u, v) => call('users.password', { body: { user_id: u.user_id, new_password: v.new_password } })}
    >
      <Form.Item
        name="new_password"
        label={t('users.newPassword')}
        rules={passwordRules}
        extra={t('users.passwordHint')}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
    </UserDialog>
  );
}

export function ChangeStoreDialog(p: DialogProps) {
  const { t } = useTranslation();
  return (
    <UserDialog<{ customer_no?: string | null }>
      {...p}
      title={t('users.changeStore')}
      field="customer_no"
      okText={t('common.save')}
      initial={(u) => ({ customer_no: u.customer_no })}
      call={(u, v) =>
        call('franchiseUsers.store', {
          body: { admin_user_id: u.user_id, customer_no: v.customer_no || null, version: u.version },
        })
      }
    >
      <StoreField />
    </UserDialog>
  );
}

export function ChangeDeviceDialog(p: DialogProps) {
  const { t } = useTranslation();
  return (
    <UserDialog<{ device_id?: number | null }>
      {...p}
      title={t('users.changeDevice')}
      field="device_id"
      okText={t('common.save')}
      initial={(u) => ({ device_id: u.device_id })}
      call={(u, v) =>
        call('franchiseUsers.device', {
          body: { admin_user_id: u.user_id, device_id: v.device_id ?? null, version: u.version },
        })
      }
    >
      <DeviceField store={p.user?.customer_no ?? null} />
    </UserDialog>
  );
}
