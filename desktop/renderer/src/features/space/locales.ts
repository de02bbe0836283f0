import type { Catalog } from '../../app/i18n.ts'

export default {
  en: {
    sections: 'Space sections',
    pages: 'Pages',
    inbox: 'Inbox',
    tidy: 'Tidy-up runs',
    health: 'Health',
    settings: 'Settings',
    tree: 'Pages of the space',
  },
  fr: {
    sections: 'Sections de l’espace',
    pages: 'Pages',
    inbox: 'Boîte de réception',
    tidy: 'Rangements',
    health: 'Santé',
    settings: 'Réglages',
    tree: 'Pages de l’espace',
  },
} satisfies Catalog
