import { describe, expect, it } from 'vitest';
import { isAppRoute, routePath } from './app-routes.js';
import { pages } from './pages.js';

describe('isAppRoute', () => {
  it('knows every page of the route table, with its parameters filled in', () => {
    for (const p of pages)
      expect(isAppRoute(p.url.replace('{id}', '12').replace('{slug}', 'cancelReasons')), p.url).toBe(true);
  });

  it('matches as the web router does: home, login, maintenance, case, a trailing slash, a slug over several segments', () => {
    for (const path of [
      '/',
      '/login',
      '/maintenance',
      '/users/',
      '/USERS',
      '/users/7',
      '/pageStructure/detail/tablet/itemPrice',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('refuses what the web app answers with "Page not found"', () => {
    for (const path of [
      '/nope',
      '/users/7/extra',
      '/users//',
      '/login/x',
      '/usersx',
      '/api',
      '/assets/x.js',
      '//users',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('turns page urls into router paths', () => {
    expect(routePath('/users/{id}')).toBe('users/:id');
    expect(routePath('/pageStructure/detail/{slug}')).toBe('pageStructure/detail/*');
    expect(routePath('/cancelReasons')).toBe('cancelReasons');
  });
});
