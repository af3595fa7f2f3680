import { describe, expect, it } from 'vitest';
import { id, int32, parseStrictDate, parseStrictDateTime, version } from './common';

describe('strict dates', () => {
  it('accepts real calendar dates as ISO or DD-MM-YYYY', () => {
    expect(parseStrictDate('2024-02-29')).toBe('2024-02-29');
    expect(parseStrictDate('29-02-2024')).toBe('2024-02-29');
    expect(parseStrictDate('29/02/2024')).toBe('2024-02-29');
    expect(parseStrictDate('0001-01-01')).toBe('0001-01-01');
  });
  it('refuses impossible and loose dates that PostgreSQL would refuse or misread', () => {
    for (const t of [
      '2024-02-30',
      '2023-02-29',
      '0000-01-01',
      '2024-13-01',
      '2024-1-1',
      '1 Jan 2024',
      'now',
      '+275760-09-13',
      '',
    ]) {
      expect(parseStrictDate(t), t).toBeNull();
    }
    expect(parseStrictDateTime('2024-02-30T10:00:00Z')).toBeNull();
    expect(parseStrictDateTime('2024-02-28T25:00:00Z')).toBeNull();
    expect(parseStrictDateTime('2024-02-28T10:00:00+07:00')).toBe('2024-02-28T10:00:00+07:00');
  });
});

describe('int32 schemas', () => {
  it('bound every integer to PostgreSQL integer', () => {
    expect(int32().safeParse(2147483647).success).toBe(true);
    expect(int32().safeParse(2147483648).success).toBe(false);
    expect(int32().safeParse(-2147483649).success).toBe(false);
    expect(id.safeParse('2147483648').success).toBe(false);
    expect(id.safeParse('12').data).toBe(12);
    expect(version.safeParse(2 ** 31).success).toBe(false);
  });
});
