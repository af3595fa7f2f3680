import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { fieldCheck } from '@fp/contract/form-rules';
import { msg as messages, specText } from '../i18n/messages';

/**
 * antd form rules from the contract's zod schemas (DEVELOPING.md "Form rules"): a field is checked by the same schema
 * the server parses, so the form shows the contract's exact messages and accepts what the server accepts.
 *
 *   const rules = rulesFrom(cancelReasonCreate);
 *   <Form.Item name="reason_code" rules={rules('reason_code')}>
 *   <Form.Item name={['device_data', 'port']} rules={rules(['device_data', 'port'])}>
 *
 * The field is required (antd's asterisk) when its schema refuses an empty value; `{ required: false }` relaxes that
 * for a field another field makes optional. Screens load per route, so the zod this brings stays out of the first load.
 */
export function rulesFrom(schema: z.ZodType) {
  return (field: string | readonly string[], o: { required?: boolean } = {}): Rule[] => {
    const f = fieldCheck(schema, field);
    const required = o.required ?? f.required;
    return [
      // No `whitespace` here: antd would then type the field as a string and refuse a picked number (a role id).
      ...(required ? [{ required: true, message: specText(f.requiredMessage ?? messages.required) }] : []),
      {
        validator: (_: unknown, value: unknown) => {
          // Nothing entered is the required rule's (one message, not two); only spaces is empty too.
          if (value === undefined || value === null || value === '') return Promise.resolve();
          const blank = typeof value === 'string' && value.trim() === '';
          const msg = blank ? (required ? (f.requiredMessage ?? messages.required) : undefined) : f.check(value);
          return msg ? Promise.reject(new Error(specText(msg))) : Promise.resolve();
        },
      },
    ];
  };
}
