import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { es } from './es';

export const LANGUAGES = { en: 'English', es: 'Español' } as const;
export type Language = keyof typeof LANGUAGES;
const STORAGE_KEY = 'platica.console.language';

/** The language chosen before (a preference, not a credential), else the browser's, else English. */
function initialLanguage(): Language {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'es') return saved;
  return window.navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function setLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
  void i18next.changeLanguage(language);
}

export function initI18n(): void {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, es: { translation: es } },
    lng: initialLanguage(),
    fallbackLng: 'en',
    // Keys contain dots ('inbox.heading'): they are flat names, not paths.
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = i18next.language;
  i18next.on('languageChanged', (language) => (document.documentElement.lang = language));
}
