import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { loadConfig } from '../../config.js';

// This file's server runs with DEFAULT_LANGUAGE=vi, so "not chosen" and "chose en" can be told apart.
const ctx = useTestApp({ DEFAULT_LANGUAGE: 'vi' });

type MeLanguage = { data: { user: { language: string | null }; default_language: string } };
const meOf = async (c: { post: (url: string) => Promise<{ json: () => unknown }> }) =>
  ((await c.post('/api/auth/me')).json() as MeLanguage).data;
const languageOf = async (c: { post: (url: string) => Promise<{ json: () => unknown }> }) =>
  (await meOf(c)).user.language;

describe('my interface language', () => {
  it('is not chosen (null, with DEFAULT_LANGUAGE beside it) until the user chooses, then the choice, for that user only', async () => {
    const a = await ctx.t.makeUser({});
    const b = await ctx.t.makeUser({});
    expect(await meOf(a.client)).toMatchObject({ user: { language: null }, default_language: 'vi' });

    const res = await a.client.put('/api/auth/language', { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.envelope.data).toEqual({ language: 'en' });
    expect(await languageOf(a.client)).toBe('en');
    // Kept on the server: a new session of the same user reads it back.
    expect(await languageOf(await ctx.t.as(a.username, 'Passw0rd1'))).toBe('en');
    expect(await languageOf(b.client)).toBe(null);

    expect((await a.client.put('/api/auth/language', { language: 'vi' })).statusCode).toBe(200);
    expect(await languageOf(a.client)).toBe('vi');
  });

  it('refuses an unknown or missing language naming the field, and keeps the one before', async () => {
    const u = await ctx.t.makeUser({});
    await u.client.put('/api/auth/language', { language: 'en' });
    for (const body of [{ language: 'fr' }, { language: 'VI' }, {}, { language: 3 }]) {
      const res = await u.client.put('/api/auth/language', body);
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errors[0].field).toBe('language');
      expect(res.envelope.errors[0].msg).toContain('language');
    }
    expect(await languageOf(u.client)).toBe('en');
  });

  it('needs a session', async () => {
    expect((await ctx.t.anon.put('/api/auth/language', { language: 'vi' })).statusCode).toBe(401);
  });
});

describe('DEFAULT_LANGUAGE', () => {
  it('is en unless set, and refuses a language the interface does not have', () => {
    expect(loadConfig({}).defaultLanguage).toBe('en');
    expect(loadConfig({ DEFAULT_LANGUAGE: 'vi' }).defaultLanguage).toBe('vi');
    expect(() => loadConfig({ DEFAULT_LANGUAGE: 'fr' })).toThrow(/DEFAULT_LANGUAGE/);
  });
});
