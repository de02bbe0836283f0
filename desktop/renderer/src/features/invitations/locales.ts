import type { Catalog } from '../../app/i18n.ts'

export default {
  en: {},
  fr: {},
} satisfies Catalog
