import { describe, expect, it } from 'vitest';
import { fieldCheck } from './form-rules.js';
import { cancelReasonCreate } from './cancel-reasons.js';
import { deviceCreate, PORT_RANGE_MESSAGE } from './devices.js';
import { userCreate } from './users.js';
import { messages } from './validators.js';

describe('form rules from the zod schemas', () => {
  it('gives the contract message for an empty required field and for a too long one', () => {
    const code = fieldCheck(cancelReasonCreate, 'reason_code');
    expect(code.required).toBe(true);
    expect(code.check('')).toBe(messages.required);
    expect(code.check('   ')).toBe(messages.required);
    expect(code.check('X'.repeat(31))).toBe(messages.maxLength(30));
    expect(code.check('DAMAGED')).toBeUndefined();
  });

  it('checks an enum and a nested field under a preprocess', () => {
    expect(fieldCheck(cancelReasonCreate, 'page').check('/nowhere')).toMatch(/page must be one of/);
    const port = fieldCheck(deviceCreate, ['device_data', 'port']);
    expect(port.required).toBe(true);
    expect(port.check('9100')).toBeUndefined();
    expect(port.check('70000')).toBe(PORT_RANGE_MESSAGE);
    expect(port.check('abc')).toBe(PORT_RANGE_MESSAGE);
  });

  it('leaves optional fields optional and checks them when filled', () => {
    const email = fieldCheck(userCreate, 'email');
    expect(email.required).toBe(false);
    expect(email.check('')).toBeUndefined();
    expect(email.check('not-an-email')).toBe(messages.email);
    expect(fieldCheck(userCreate, 'password').check('short')).toBe(messages.password);
  });

  it('refuses a field the schema does not have', () => {
    expect(() => fieldCheck(userCreate, 'nickname')).toThrow(/nickname/);
  });
});
