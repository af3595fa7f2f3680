import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
import enGB from 'antd/es/locale/en_GB';
import { languages, type Language } from '@fp/contract/web';
// The sections the first pages (/login, /, the shell and its toasts) read; Vite's named JSON exports keep the other
// sections of en.json out of the first load. The whole file loads with the first screen that needs it (allTexts).
import {
  app,
  comingSoon,
  common,
  fields,
  forbidden,
  home,
  language,
  list,
  login,
  maintenance,
  menu,
  menuGroups,
  messages,
  notFound,
  pageNames,
  shell,
  toast,
} from './en.json';

/**
 * The interface language. English is in the first load; Vietnamese (vi.json, antd's vi_VN texts, dayjs's vi names)
 * loads as its own chunk the first time it is chosen, so the first load stays the same size in either language.
 * Numbers and dates are never formatted with the language: they keep the spec's formats (components/format.tsx).
 */
const LANGUAGE_KEY = 'fp.language';

type Loaded = { translation: Record<string, unknown>; antd: Locale };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Loaded>> = {
  vi: async () => {
    const [translation, antd] = await Promise.all([
      import('./vi.json'),
      import('antd/es/locale/vi_VN'),
      import('dayjs/locale/vi'),
    ]);
    return { translation: translation.default, antd: antd.default };
  },
};
const antdLocales: Partial<Record<Language, Locale>> = { en: enGB };

export const isLanguage = (v: unknown): v is Language => languages.some((l) => l === v);

/** The language chosen on this browser (the login page's switch, or the last user's), else English. */
export function storedLanguage(): Language {
  try {
    const v = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

const firstLoad = {
  app,
  comingSoon,
  common,
  fields,
  forbidden,
  home,
  language,
  list,
  login,
  maintenance,
  menu,
  menuGroups,
  messages,
  notFound,
  pageNames,
  shell,
  toast,
};

void i18n.use(initReactI18next).init({
  resources: { en: { translation: firstLoad } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  // Untranslated keys show the key itself, which is written as the English text.
  returnNull: false,
});

let all: Promise<void> | null = null;
/**
 * Every text of en.json (the first load holds only the first pages' sections): each screen's code waits for it
 * (pages/registry.tsx `screen`), and the browser fetches it once the first page is up (main.tsx).
 */
export function allTexts(): Promise<void> {
  // The file as text (a module of its own: importing en.json itself would put all of it in the first load).
  all ??= import('./en.json?raw')
    .then((m) => void i18n.addResourceBundle('en', 'translation', JSON.parse(m.default) as object, true, true))
    .catch((e: unknown) => {
      all = null;
      throw e;
    });
  return all;
}

/** The current language (one of `languages`). */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** antd's texts (date picker, pagination, empty states) in a language (i18n.language), once loaded. */
export const antdLocale = (language: string): Locale => (isLanguage(language) && antdLocales[language]) || enGB;

/**
 * Switches the interface to a language, loading its texts first, and remembers it on this browser. A language whose
 * chunk cannot load (offline before it was ever fetched) leaves the interface as it was.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the language holds for this page only.
  }
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    try {
      const loaded = await loaders[language]();
      i18n.addResourceBundle(language, 'translation', loaded.translation);
      antdLocales[language] = loaded.antd;
    } catch {
      return;
    }
  }
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/** Starts in the language remembered on this browser; the signed-in user's own language follows (auth/session). */
export const languageReady: Promise<void> =
  storedLanguage() === 'en' ? Promise.resolve() : setLanguage(storedLanguage());

export default i18n;
