import type { FormInstance } from 'antd';
import { ApiCallError } from '../api/client';
import { toast } from './toast';

/**
 * Puts the server's field errors (dotted paths such as `device_data.ip` or `variants.0.code`) on the form fields
 * they name, limited to `fields` when given; anything else becomes the error toast.
 */
export function showFormErrors(form: FormInstance, e: unknown, fields?: readonly string[]) {
  const byField = e instanceof ApiCallError ? e.fieldErrors() : {};
  const known = Object.entries(byField).filter(([name]) => !fields || fields.includes(name));
  if (known.length === 0) {
    toast.error(e);
    return;
  }
  form.setFields(
    known.map(([name, err]) => ({
      name: name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [err],
    })) as never,
  );
}
