import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { userCreate } from '@fp/contract';
import { rulesFrom } from '../../components/zod-rules';
import { deviceLabel, useDevices, useOwnStore, useRoles, useStores } from './data';

export type UserFormValues = {
  username: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  password?: string;
  role_id?: number | null;
  customer_no?: string | null;
  device_id?: number | null;
  is_active: boolean;
};

/** The form's rules are the contract's: the same schema the server parses, with its messages. */
const rules = rulesFrom(userCreate);
export const passwordRules: Rule[] = rules('password');

/** The user form of product.md 3 with the validators of product.md 5; the password only when creating. */
export function UserFields({ withPassword }: { withPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="username" label={t('users.username')} rules={rules('username')}>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item name="firstname" label={t('users.firstName')} rules={rules('firstname')}>
        <Input />
      </Form.Item>
      <Form.Item name="lastname" label={t('users.lastName')} rules={rules('lastname')}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={rules('email')}>
        <Input type="email" />
      </Form.Item>
      {withPassword ? (
        <Form.Item name="password" label={t('users.password')} rules={passwordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : null}
      <RoleField />
      <StoreField />
      <DeviceField />
      <Form.Item name="is_active" label={t('fields.active')} valuePropName="checked">
        <Switch aria-label={t('fields.active')} />
      </Form.Item>
    </>
  );
}

function RoleField() {
  const { t } = useTranslation();
  const roles = useRoles();
  return (
    <Form.Item name="role_id" label={t('users.role')} rules={rules('role_id')}>
      <Select
        aria-label={t('users.role')}
        loading={roles.isLoading}
        options={(roles.data?.items ?? []).map((r) => ({ label: r.name, value: r.id }))}
      />
    </Form.Item>
  );
}

/** The store (customer_no): picked from the franchises when the caller may read them, typed otherwise. */
export function StoreField(p: { label?: string }) {
  const { t } = useTranslation();
  const label = p.label ?? t('users.store');
  const own = useOwnStore();
  const stores = useStores();
  const storeRules = rules('customer_no');
  if (own) {
    return (
      <Form.Item name="customer_no" label={label} extra={t('users.ownStoreHint')}>
        <Input disabled aria-label={label} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="customer_no" label={label} rules={storeRules}>
      {stores.data ? (
        <Select
          aria-label={label}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('users.noStore')}
          options={stores.data.items.map((f) => ({ label: `${f.customer_no} — ${f.name}`, value: f.customer_no }))}
        />
      ) : (
        <Input aria-label={label} allowClear placeholder={t('users.storeNo')} />
      )}
    </Form.Item>
  );
}

/**
 * The device (printer): picked from the chosen store's devices (head office: the head office printers) when the
 * caller may read devices, typed as an id otherwise. The store is the form's customer_no unless given.
 */
export function DeviceField({ label: given, store }: { label?: string; store?: string | null }) {
  const { t } = useTranslation();
  const label = given ?? t('users.device');
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('customer_no', form) as string | null | undefined;
  const devices = useDevices(store !== undefined ? store : (chosen ?? null));
  return (
    <Form.Item name="device_id" label={label}>
      {devices.data ? (
        <Select
          aria-label={label}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('users.noDevice')}
          options={devices.data.items.map((d) => ({
            label: `${deviceLabel(d)}${d.location_code ? ` · ${d.location_code}` : ''}`,
            value: d.id,
          }))}
        />
      ) : (
        <InputNumber
          aria-label={label}
          min={1}
          precision={0}
          style={{ width: '100%' }}
          placeholder={t('users.deviceId')}
        />
      )}
    </Form.Item>
  );
}

/** Empty optional fields go to the server as "none". */
export function toPayload(v: UserFormValues) {
  return {
    ...v,
    firstname: v.firstname ?? '',
    lastname: v.lastname ?? '',
    email: v.email ?? '',
    customer_no: v.customer_no ? v.customer_no : null,
    device_id: v.device_id ?? null,
    role_id: v.role_id ?? undefined,
  };
}
