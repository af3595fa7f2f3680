import { describe, expect, it } from 'vitest';
import {
  check,
  decimalIssue,
  messages,
  parseDecimalText,
  password,
  phone,
  email,
  requiredText,
  numberText,
  range,
} from './validators';

describe('validators (product.md 5)', () => {
  it('phone: 0, 84 or +84, a non-zero digit, then 8 digits', () => {
    for (const ok of ['0912345678', '84912345678', '+84912345678', '0386123456'])
      expect(check.phone(ok), ok).toBe(true);
    for (const bad of ['0012345678', '091234567', '09123456789', '+8401234567', '1912345678', 'abc', ''])
      expect(check.phone(bad), bad).toBe(false);
    expect(phone().safeParse('0012345678').error?.issues[0].message).toBe('Please enter a valid phone number!');
    expect(phone().safeParse('').error?.issues[0].message).toBe('This is required field!');
  });

  it('email: standard form, empty passes', () => {
    expect(check.email('')).toBe(true);
    expect(check.email('lan.nguyen@cuahang.vn')).toBe(true);
    expect(check.email('lan@')).toBe(false);
    expect(email().safeParse('x@y').error?.issues[0].message).toBe('Please enter a valid email!');
  });

  it('password: 8+ letters and digits with at least one of each', () => {
    expect(check.password('abcd1234')).toBe(true);
    expect(check.password('abcdefgh')).toBe(false);
    expect(check.password('12345678')).toBe(false);
    expect(check.password('abc123')).toBe(false);
    expect(check.password('abcd1234!')).toBe(false);
    expect(password().safeParse('short1').error?.issues[0].message).toBe(messages.password);
    expect(messages.password).toBe(
      'Minimum 8 characters and include at least one alphabetic and at least one numeric character!',
    );
  });

  it('number: digits after removing dots and commas, fewer than 14 characters', () => {
    expect(check.number('1.234.567,5')).toBe(true);
    expect(check.number('1234567890123')).toBe(true);
    expect(check.number('12345678901234')).toBe(false);
    expect(check.number('12a')).toBe(false);
    expect(numberText().safeParse('x').error?.issues[0].message).toBe(
      'Number is not valid! Please enter a number and maximum 14 characters',
    );
  });

  it('required, maximum length, range, is-number', () => {
    expect(requiredText(30).safeParse('  ').error?.issues[0].message).toBe('This is required field!');
    expect(requiredText(30).safeParse(undefined).error?.issues[0].message).toBe('This is required field!');
    expect(requiredText(30).safeParse('x'.repeat(31)).error?.issues[0].message).toBe('Maximum 30 characters!');
    expect(range(1, 5).safeParse(6).error?.issues[0].message).toBe('Please enter between 1 and 5');
    expect(check.isNumber('1.234,5')).toBe(true);
    expect(check.isNumber('1234,5')).toBe(true);
    expect(check.isNumber('1,234.5')).toBe(false);
    expect(messages.isNumber).toBe('Please enter number!');
  });
});

describe('shared field checks (forms and server)', () => {
  it('checks IP literals as node:net isIP does', async () => {
    const { isIP } = await import('node:net');
    for (const ip of [
      '192.168.1.50',
      '999.1.1.1',
      '01.1.1.1',
      '::1',
      '::',
      'fe80::1',
      '1:2:3:4:5:6:7:8',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '::ffff:192.168.1.5',
      '1:2:3:4:5:6:1.2.3.4',
      '1:2:3:4:5:6:7:1.2.3.4',
      'gggg::1',
      'abc',
    ]) {
      expect(check.ip(ip), ip).toBe(isIP(ip) !== 0);
    }
  });
  it('reads typed decimals German style or plain and words every problem in the spec style', () => {
    const rate = { min: 0.01, max: 10, scale: 4 };
    expect(parseDecimalText('1,2')).toBe('1.2');
    expect(parseDecimalText('1.234,5')).toBe('1234.5');
    expect(parseDecimalText('abc')).toBeNull();
    expect(decimalIssue('100', rate)).toBe('Please enter between 0.01 and 10');
    expect(decimalIssue('0', rate)).toBe('Please enter between 0.01 and 10');
    expect(decimalIssue('abc', rate)).toBe('Please enter number!');
    expect(decimalIssue('1,23456', rate)).toBe('Please enter at most 4 decimals!');
    expect(decimalIssue('1,25', rate)).toBeNull();
  });
});
