import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_BUSINESS_TIME_ZONE,
  businessDate,
  businessDateTime,
  businessTimeZone,
  businessYear,
  setBusinessClock,
  setBusinessTimeZone,
} from './business-date';
import { formatDate, formatDateTime } from './format';

// 00:30 on 1 January 2027 in Vietnam is 17:30 on 31 December 2026 in UTC.
const newYearInVietnam = new Date('2026-12-31T17:30:00Z');

describe('business date', () => {
  afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

  it('is the day in Asia/Ho_Chi_Minh, not in UTC', () => {
    expect(businessTimeZone()).toBe('Asia/Ho_Chi_Minh');
    expect(businessDate(newYearInVietnam)).toBe('2027-01-01');
    expect(businessYear(newYearInVietnam)).toBe(2027);
    expect(businessDate(new Date('2026-12-31T16:59:59Z'))).toBe('2026-12-31');
    expect(businessDateTime(newYearInVietnam)).toBe('2027-01-01T00:30:00');
    expect(businessDateTime('2026-06-30T23:59:59.999Z')).toBe('2026-07-01T06:59:59');
  });

  it('takes the zone as a parameter or from setBusinessTimeZone', () => {
    expect(businessDate(newYearInVietnam, 'UTC')).toBe('2026-12-31');
    setBusinessTimeZone('Europe/Berlin');
    expect(businessYear(newYearInVietnam)).toBe(2026);
    expect(() => setBusinessTimeZone('Mars/Olympus')).toThrow('Unknown time zone: Mars/Olympus');
    expect(businessTimeZone()).toBe('Europe/Berlin');
  });

  it('displayed times are in the business time zone; plain dates are not shifted', () => {
    expect(formatDateTime('2026-12-31T17:30:00Z')).toBe('01-01-2027 00:30:00');
    expect(formatDateTime('2026-12-31 17:30:00.123456+00')).toBe('01-01-2027 00:30:00');
    expect(formatDate('2026-12-31T17:30:00Z')).toBe('01-01-2027');
    expect(formatDate('2026-12-31')).toBe('31-12-2026');
    setBusinessTimeZone('UTC');
    expect(formatDateTime('2026-12-31T17:30:00Z')).toBe('31-12-2026 17:30:00');
  });

  it('a pinned clock gives the day, year and time of every call without an instant until it is released', () => {
    setBusinessClock(() => newYearInVietnam);
    try {
      expect(businessDate()).toBe('2027-01-01');
      expect(businessYear()).toBe(2027);
      expect(businessDateTime()).toBe('2027-01-01T00:30:00');
      expect(businessDate(new Date('2026-06-01T05:00:00Z'))).toBe('2026-06-01');
    } finally {
      setBusinessClock(null);
    }
    expect(businessDate()).not.toBe('2027-01-01');
  });
});
