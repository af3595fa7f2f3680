import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

// English interface; a Vietnamese resource file can be added beside en.json without code changes.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  // Untranslated keys show the key itself, which is written as the English text.
  returnNull: false,
});

export default i18n;
