import { describe, expect, it } from 'vitest';
import {
  displayName,
  formatDate,
  formatNumber,
  formatPercent,
  formatPoints,
  parseDateInput,
  parseGermanNumber,
} from './format';

describe('formats', () => {
  it('numbers are German-style with at most 2 decimals', () => {
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber('1234567.555')).toBe('1.234.567,56');
    expect(formatNumber('99999999999999.99')).toBe('99.999.999.999.999,99');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-1500)).toBe('-1.500');
    expect(formatNumber(null)).toBe('');
  });

  it('parses German input back to a plain decimal', () => {
    expect(parseGermanNumber('1.234.567,5')).toBe('1234567.5');
    expect(parseGermanNumber('12,3')).toBe('12.3');
    expect(parseGermanNumber('1,234.5')).toBeNull();
  });

  it('dates show DD-MM-YYYY; input takes DD/MM/YYYY or DD-MM-YYYY', () => {
    expect(formatDate('2026-11-22')).toBe('22-11-2026');
    expect(formatDate('2026-11-22T18:00:00Z')).toBe('23-11-2026');
    expect(formatDate(null)).toBe('');
    expect(parseDateInput('22/11/2026')).toBe('2026-11-22');
    expect(parseDateInput('22-11-2026')).toBe('2026-11-22');
    expect(parseDateInput('31/02/2026')).toBeNull();
    expect(parseDateInput('2026-11-22')).toBeNull();
  });
});

describe('percent, points and names', () => {
  it('shows percentages German-style with 2 decimals', () => {
    expect(formatPercent(10)).toBe('10,00 %');
    expect(formatPercent('7.5')).toBe('7,50 %');
    expect(formatPercent('1234.567')).toBe('1.234,57 %');
    expect(formatPercent(null)).toBe('');
  });
  it('shows whole points, never a fraction', () => {
    expect(formatPoints('82.75')).toBe('82');
    expect(formatPoints(1234)).toBe('1.234');
    expect(formatPoints('0.5')).toBe('0');
    expect(formatPoints('')).toBe('');
  });
  it('shows a name family name first, else the username', () => {
    expect(displayName({ firstname: 'Phạm', lastname: 'Minh Tuấn', username: 'hanoi.staff' })).toBe('Phạm Minh Tuấn');
    expect(displayName({ firstname: ' ', lastname: 'Lan', username: 'x' })).toBe('Lan');
    expect(displayName({ firstname: '', lastname: '', username: 'cashier1' })).toBe('cashier1');
  });
});
