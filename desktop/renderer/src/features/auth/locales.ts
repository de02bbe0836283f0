import type { Catalog } from '../../app/i18n.ts'

export default {
  en: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    signingIn: 'Signing in…',
  },
  fr: {
    title: 'Connexion',
    username: "Nom d'utilisateur",
    password: 'Mot de passe',
    submit: 'Se connecter',
    signingIn: 'Connexion…',
  },
} satisfies Catalog
