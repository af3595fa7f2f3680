import { describe, expect, it } from 'vitest';
import { formatSeriesNumber, numberSeriesGenerate, numberSeriesPrefix } from './number-series.js';
import { franchiseCreate, franchiseUpdate } from './franchises.js';

describe('number series format', () => {
  it('reads <franchise>-<type>-<yy>-<six digits>', () => {
    expect(formatSeriesNumber(numberSeriesPrefix('HN001', 'SO', 2026), 123)).toBe('HN001-SO-26-000123');
    expect(formatSeriesNumber(numberSeriesPrefix('DN001', 'PCM', 2030), 1)).toBe('DN001-PCM-30-000001');
    expect(numberSeriesPrefix('HCM001', 'RC', 2005)).toBe('HCM001-RC-05-');
  });

  it('accepts the year as a number or digits, and no year at all', () => {
    expect(numberSeriesGenerate.parse({ franchise_code: 'HN001', year: '2027' }).year).toBe(2027);
    expect(numberSeriesGenerate.parse({ franchise_code: 'HN001' }).year).toBeUndefined();
    const bad = numberSeriesGenerate.safeParse({ franchise_code: 'HN001', year: 2100 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Please enter between 2000 and 2099');
  });
});

describe('franchise payloads', () => {
  it('fills defaults on create and leaves absent fields absent on update', () => {
    const c = franchiseCreate.parse({ customer_no: 'hn002', name: 'Hà Nội 2' });
    expect(c).toMatchObject({
      customer_no: 'HN002',
      vendor_no: '',
      receipt_lead_time: 0,
      is_active: true,
      phone_no: '',
    });
    const u = franchiseUpdate.parse({ customer_no: 'HN002', version: 3, city: 'Hà Nội' });
    expect(u).toEqual({ customer_no: 'HN002', version: 3, city: 'Hà Nội' });
  });
});
