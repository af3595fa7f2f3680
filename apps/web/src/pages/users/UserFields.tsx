import type { Rule } from 'antd/es/form';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { USERNAME_MESSAGE, USERNAME_PATTERN, check, messages } from '@fp/contract';
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

const max = (n: 30 | 80): Rule => ({ max: n, message: messages.maxLength(n) });
const validator = (ok: (v: string) => boolean, message: string): Rule => ({
  validator: (_, v: string | undefined) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(message))),
});
export const passwordRules: Rule[] = [{ required: true, message: messages.required }, validator(check.password, messages.password)];

/** The user form of product.md 3 with the validators of product.md 5; the password only when creating. */
export function UserFields({ withPassword }: { withPassword: boolean }) {
  return (
    <>
      <Form.Item name="username" label="Username" rules={[{ required: true, whitespace: true, message: messages.required }, max(80), { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE }]}>
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item name="firstname" label="First Name" rules={[max(80)]}>
        <Input />
      </Form.Item>
      <Form.Item name="lastname" label="Last Name" rules={[max(80)]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={[max(80), validator(check.email, messages.email)]}>
        <Input type="email" />
      </Form.Item>
      {withPassword ? (
        <Form.Item name="password" label="Password" rules={passwordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : null}
      <RoleField />
      <StoreField />
      <DeviceField />
      <Form.Item name="is_active" label="Active" valuePropName="checked">
        <Switch aria-label="Active" />
      </Form.Item>
    </>
  );
}

function RoleField() {
  const roles = useRoles();
  return (
    <Form.Item name="role_id" label="Role" rules={[{ required: true, message: messages.required }]}>
      <Select aria-label="Role" loading={roles.isLoading} options={(roles.data?.items ?? []).map((r) => ({ label: r.name, value: r.id }))} />
    </Form.Item>
  );
}

/** The store (customer_no): picked from the franchises when the caller may read them, typed otherwise. */
export function StoreField({ label = 'Store' }: { label?: string }) {
  const own = useOwnStore();
  const stores = useStores();
  const rules = [max(30)];
  if (own) {
    return (
      <Form.Item name="customer_no" label={label} extra="Users of your store stay in your store.">
        <Input disabled aria-label={label} />
      </Form.Item>
    );
  }
  return (
    <Form.Item name="customer_no" label={label} rules={rules}>
      {stores.data ? (
        <Select
          aria-label={label}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="No store (head office)"
          options={stores.data.items.map((f) => ({ label: `${f.customer_no} — ${f.name}`, value: f.customer_no }))}
        />
      ) : (
        <Input aria-label={label} allowClear placeholder="Customer no. of the store" />
      )}
    </Form.Item>
  );
}

/**
 * The device (printer): picked from the chosen store's devices (head office: the head office printers) when the
 * caller may read devices, typed as an id otherwise. The store is the form's customer_no unless given.
 */
export function DeviceField({ label = 'Device', store }: { label?: string; store?: string | null }) {
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
          placeholder="No device"
          options={devices.data.items.map((d) => ({ label: `${deviceLabel(d)}${d.location_code ? ` · ${d.location_code}` : ''}`, value: d.id }))}
        />
      ) : (
        <InputNumber aria-label={label} min={1} precision={0} style={{ width: '100%' }} placeholder="Device id" />
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
