import type { FormInstance } from 'antd';
import { ApiCallError } from '../../api/client';
import { toast } from '../../components/toast';

/** Puts the server's field errors on the form's fields; anything else becomes the error toast. */
export function showFormErrors(form: FormInstance, e: unknown, fields: readonly string[]) {
  const byField = e instanceof ApiCallError ? e.fieldErrors() : {};
  const known = Object.entries(byField).filter(([name]) => fields.includes(name));
  if (known.length) form.setFields(known.map(([name, errors]) => ({ name, errors: [errors] })) as never);
  else toast.error(e);
}
