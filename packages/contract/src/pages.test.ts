import { describe, expect, it } from 'vitest';
import { isDetailUrl, pageByUrl } from './pages';

describe('menu rule of the route table', () => {
  it('keeps detail routes out of the menu but not a list whose name merely starts with "detail"', () => {
    expect(pageByUrl.get('/reports/revenue/details')?.menu).toBe(true);
    expect(pageByUrl.get('/reports/revenue/summaries')?.menu).toBe(true);
    expect(pageByUrl.get('/franchises/detail')?.menu).toBe(false);
    expect(pageByUrl.get('/pageStructure/detail/{slug}')?.menu).toBe(false);
    expect(pageByUrl.get('/users/{id}')?.menu).toBe(false);
    expect(isDetailUrl('/tablet/salesOrders/detail')).toBe(true);
    expect(isDetailUrl('/reports/revenue/details')).toBe(false);
  });
});
