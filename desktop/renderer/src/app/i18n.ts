import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { common } from './locales.ts'

/** A feature's strings in both languages, English and French side by side. */
export type Catalog = { en: Record<string, unknown>; fr: Record<string, unknown> }

/** The languages of the app, as in the API's catalog. */
export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

/** Each feature's `locales.ts` (its default export), gathered at build time under the feature's name. */
const features = import.meta.glob<{ default: Catalog }>('../features/*/locales.ts', { eager: true })

function resources() {
  const en: Record<string, unknown> = { common: common.en }
  const fr: Record<string, unknown> = { common: common.fr }
  for (const [file, module] of Object.entries(features)) {
    const name = file.split('/').at(-2)!
    en[name] = module.default.en
    fr[name] = module.default.fr
  }
  return { en: { translation: en }, fr: { translation: fr } }
}

/** The browser's language if the app speaks it, else English. */
export function browserLanguage(): Language {
  const wanted = typeof navigator === 'undefined' ? [] : navigator.languages
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0]
    if (base === 'fr' || base === 'en') return base
  }
  return 'en'
}

/** Switches to the account's language, or the browser's when the account has none. */
export function useLanguageOf(locale: string | null | undefined): void {
  const wanted = locale === 'fr' || locale === 'en' ? locale : browserLanguage()
  if (i18n.language !== wanted) void i18n.changeLanguage(wanted)
}

void i18n.use(initReactI18next).init({
  resources: resources(),
  lng: browserLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
})

// The page's language follows, for screen readers and hyphenation (no document in unit tests).
if (typeof document !== 'undefined') {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language
  })
  document.documentElement.lang = i18n.language
}

export default i18n
