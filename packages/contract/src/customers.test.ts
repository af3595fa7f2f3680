import { describe, expect, it } from 'vitest';
import { birthDate, customerTemporaryCreate, normalizePhone } from './customers.js';
import { redeemablePointAdd } from './loyalty.js';

describe('customer contract', () => {
  it('writes every spelling of a mobile number in national form', () => {
    expect(normalizePhone('+84912345678')).toBe('0912345678');
    expect(normalizePhone('84912345678')).toBe('0912345678');
    expect(normalizePhone(' 0912345678 ')).toBe('0912345678');
  });

  it('reads birth dates: empty is 0001-01-01, DD-MM-YYYY and DD/MM/YYYY become ISO, impossible dates fail', () => {
    const b = birthDate();
    expect(b.parse('')).toBe('0001-01-01');
    expect(b.parse(undefined)).toBe('0001-01-01');
    expect(b.parse(null)).toBe('0001-01-01');
    expect(b.parse('05/09/1991')).toBe('1991-09-05');
    expect(b.parse('1991-09-05')).toBe('1991-09-05');
    expect(b.safeParse('31-02-1990').success).toBe(false);
    expect(b.safeParse('2999-01-01').error?.issues[0].message).toBe('birth_date cannot be in the future');
  });

  it('needs a name and a valid mobile phone for a temporary customer', () => {
    const r = customerTemporaryCreate.safeParse({ name: ' ', phone_no: '0812' });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      name: 'This is required field!',
      phone_no: 'Please enter a valid phone number!',
    });
    expect(customerTemporaryCreate.parse({ name: 'An', phone_no: '0912345678' })).toMatchObject({
      birth_date: '0001-01-01',
      email: '',
      prefix: '',
    });
  });

  it('takes points as numbers or decimal strings, source Franchise by default', () => {
    const ok = redeemablePointAdd.parse({ pos_so_no: 'SO1', customer_no: 'KH000001', redeemable_point_used: 12.5 });
    expect(ok).toMatchObject({ redeemable_point_used: '12.5', source: 'Franchise' });
    const bad = redeemablePointAdd.safeParse({ pos_so_no: 'SO1', redeemable_point_used: '1.234' });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      redeemable_point_used: 'Please enter number!',
      customer_no: 'This is required field!',
    });
  });
});
