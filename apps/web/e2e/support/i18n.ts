import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import i18next from 'i18next';

// Journeys in Vietnamese (issue 23): the interface language is set on the browser before the app loads (the login
// page's choice, kept in localStorage; a user who has not chosen one of their own follows it), texts are found through
// the resource files, and a screen is checked for English left over from en.json.

type Tree = { [k: string]: string | Tree };
/** A resource file of the web app (read as a file: the test runner loads no JSON modules). */
const resource = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/${name}.json`, import.meta.url), 'utf8')) as Tree;
const en = resource('en');
const viJson = resource('vi');
const flatten = (t: Tree, prefix = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v]] : flatten(v, `${prefix}${k}.`)));
const enTexts = flatten(en);
const viTexts = new Map(flatten(viJson));

const texts = i18next.createInstance();
void texts.init({
  lng: 'vi',
  fallbackLng: false,
  initAsync: false,
  resources: { en: { translation: en }, vi: { translation: viJson } },
  interpolation: { escapeValue: false },
});

/** The browser's language before login, as the login page's switch keeps it (i18n/index.ts LANGUAGE_KEY). */
export async function useVietnamese(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('fp.language', 'vi'));
}

/** A Vietnamese text by key, with i18next's interpolation and plurals: `tv('stock.postConfirm', { count: 2 })`. */
export const tv = (key: string, values?: Record<string, unknown>) => {
  const text = texts.t(key, { lng: 'vi', ...values });
  if (text === key) throw new Error(`no Vietnamese text for ${key}`);
  return text;
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The Vietnamese of an English screen text, found by its English value in en.json: the text the same keys have in
 * vi.json (a RegExp of the whole text when keys with that English differ in Vietnamese). Lets a journey written
 * against the English screen read the Vietnamese one without knowing the screen's keys.
 */
export function vi(english: string): RegExp {
  const found = new Set(enTexts.filter(([, v]) => v === english).map(([k]) => viTexts.get(k)!));
  if (!found.size) throw new Error(`"${english}" is not a text of en.json`);
  return new RegExp(`^\\s*(${[...found].map(escape).join('|')})\\s*$`);
}

/** The toast catalogue's text in Vietnamese: "<action> <entity> thành công!" (components/toast.ts successText). */
export const viToast = (action: string, entity: string) =>
  tv('toast.success', { action: tv(`toast.action.${action}`), entity: tv(`toast.entity.${entity}`) });

/**
 * The English texts a Vietnamese screen must not show: each value of en.json whose Vietnamese differs, as a pattern
 * of whole words (a `{{value}}` matches anything). Values that read the same in both languages (OK, VietQR, codes,
 * brand names) and the Vietnamese texts of the spec are left out, as is any English that is also some Vietnamese text.
 */
const viValues = new Set(viTexts.values());
const englishPatterns: { text: string; pattern: RegExp }[] = enTexts
  .filter(([k, v]) => viTexts.get(k) !== v && !viValues.has(v) && /[A-Za-z]{2,}/.test(v))
  .map(([, v]) => v)
  .filter((v, i, all) => all.indexOf(v) === i)
  .map((text) => {
    const parts = text.split(/\{\{\s*[\w.]+\s*\}\}/).map(escape);
    return { text, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${parts.join('.+?')}(?![\\p{L}\\p{N}])`, 'u') };
  })
  // A value that is only a placeholder and punctuation ("{{done}} / {{total}}") says nothing about the language.
  .filter(({ text }) => /[A-Za-z]{2,}/.test(text.replace(/\{\{[^}]*\}\}/g, '')));

/** The demo roles' names (apps/server/src/seed), shown as the server keeps them. */
const ROLE_NAMES = ['Administrator', 'Head Office', 'Store Manager', 'Store Staff'];

/**
 * Fails when the visible text of the page holds an English text of en.json that has a Vietnamese one. `data` are
 * texts of the journey's own data (names, descriptions) that may read like English words; they are left out.
 */
export async function expectNoEnglish(page: Page, data: string[] = []) {
  // Let the screen settle: the texts of a lazily loaded screen and its data arrive after the URL.
  await page.waitForLoadState('networkidle');
  let text = await page.locator('body').innerText();
  // Role names are data (the roles table; the header and home show the user's), longest first.
  for (const d of [...data, ...ROLE_NAMES].sort((a, b) => b.length - a.length)) text = text.split(d).join(' ');
  const english = englishPatterns.filter(({ pattern }) => pattern.test(text)).map(({ text: t }) => t);
  expect(english, `English on the Vietnamese screen ${page.url()}`).toEqual([]);
}
