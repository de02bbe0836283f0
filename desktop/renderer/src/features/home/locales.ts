import type { Catalog } from '../../app/i18n.ts'

export default {
  en: {
    title: 'Home',
    welcome: 'Welcome, {{name}}',
    organizations: 'Organizations',
    spaces: 'Spaces',
    noSpaces: 'You cannot read any space yet. Ask an organization admin to add you to one.',
    noSpacesAdmin: 'No space yet. Create an organization, then a space, from the Instance screen.',
    manage: 'Manage {{name}}',
    pending_one: '{{count}} item in the inbox',
    pending_other: '{{count}} items in the inbox',
    recent: 'Recent changes',
    noRecent: 'No recent change.',
    changedBy: '{{who}}, {{when}}',
  },
  fr: {
    title: 'Accueil',
    welcome: 'Bienvenue, {{name}}',
    organizations: 'Organisations',
    spaces: 'Espaces',
    noSpaces:
      'Vous ne pouvez lire aucun espace pour l’instant. Demandez à un administrateur de vous y ajouter.',
    noSpacesAdmin:
      'Aucun espace pour l’instant. Créez une organisation puis un espace depuis l’écran Instance.',
    manage: 'Gérer {{name}}',
    pending_one: '{{count}} élément dans la boîte de réception',
    pending_other: '{{count}} éléments dans la boîte de réception',
    recent: 'Modifications récentes',
    noRecent: 'Aucune modification récente.',
    changedBy: '{{who}}, {{when}}',
  },
} satisfies Catalog
