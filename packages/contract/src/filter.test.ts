import { describe, expect, it } from 'vitest';
import { listRequest, normalizeFilter } from './filter';
import { pageUrlOf } from './pages';
import { successText, failedText } from './toast';

describe('filter rules (calls.md 7.1)', () => {
  it('a value with | becomes in; like wraps in %; like_bc does not', () => {
    expect(normalizeFilter({ field: 'a', value: 'x|y', condition_type: 'eq' })).toEqual({
      condition: 'in',
      value: ['x', 'y'],
    });
    expect(normalizeFilter({ field: 'a', value: 'x|y', condition_type: 'like' })).toEqual({
      condition: 'in',
      value: ['x', 'y'],
    });
    expect(normalizeFilter({ field: 'a', value: 'abc', condition_type: 'like' })).toEqual({
      condition: 'like',
      value: '%abc%',
    });
    expect(normalizeFilter({ field: 'a', value: 'ab%', condition_type: 'like_bc' })).toEqual({
      condition: 'like_bc',
      value: 'ab%',
    });
    expect(normalizeFilter({ field: 'a', value: 5, condition_type: 'eq' })).toEqual({ condition: 'eq', value: 5 });
  });

  it('list requests default to page 1 of 20 and cap the size at 500', () => {
    expect(listRequest.parse({})).toEqual({ pagination: { page: 1, size: 20 }, filters: [] });
    expect(listRequest.safeParse({ pagination: { page: 1, size: 501 } }).success).toBe(false);
    expect(listRequest.safeParse({ filters: [{ field: 'a', value: 'b', condition_type: 'near' }] }).success).toBe(
      false,
    );
    expect(listRequest.parse({ filters: [{ field: 'a', value: 'b' }] }).filters[0].condition_type).toBe('eq');
  });
});

describe('route table', () => {
  it('maps concrete paths to their page, with multi-segment slugs', () => {
    expect(pageUrlOf('/users/12')).toBe('/users/{id}');
    expect(pageUrlOf('/pageStructure/detail/reports/revenue/details')).toBe('/pageStructure/detail/{slug}');
    expect(pageUrlOf('/salesOrders')).toBe('/salesOrders');
    expect(pageUrlOf('/nope')).toBeUndefined();
  });
});

describe('toast texts (calls.md 8)', () => {
  it('follow <Action> <Entity> Successfully!/Failed!', () => {
    expect(successText('Create', 'Cancel Reason')).toBe('Create Cancel Reason Successfully!');
    expect(failedText('Update', 'Franchise')).toBe('Update Franchise Failed!');
  });
});
