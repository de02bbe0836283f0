import type { Catalog } from '../../app/i18n.ts'

export default {
  en: {
    title: 'Sign in',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    signingIn: 'Signing in…',
    forgot: 'Forgot your password?',
    or: 'or',
    withProvider: 'Sign in with {{name}}',
    ssoErrors: {
      disabled: 'This way of signing in is not available any more: sign in with your password.',
      expired: 'The sign-in took too long, or its page was opened twice: start again.',
      failed: 'The sign-in at the provider did not succeed, or its answer could not be checked: start again.',
      not_allowed: 'Accounts at the provider with your address may not sign in here.',
      no_account:
        'No account here is linked to yours at the provider: ask an administrator to invite you, or sign in with your password.',
      unverified_email:
        'The provider does not say your address is verified: verify it there, then start again.',
      deactivated: 'Your account here is deactivated: ask an administrator.',
      too_many: 'Too many sign-in attempts: wait a few minutes, then start again.',
      unknown: 'Signing in through the provider failed. Try again, or sign in with your password.',
    },
    forgotTitle: 'Forgot your password?',
    forgotIntro: 'Give your username or your address: we mail a link to choose a new password.',
    login: 'Username or e-mail address',
    sendLink: 'Send the link',
    linkSent: 'If an account matches, a link is on its way to its verified address; it works for an hour.',
    linkSentUnverified:
      'No mail after a few minutes? The address may not be verified yet: ask an administrator to set a new password for you.',
    backToSignIn: 'Back to sign in',
    resetTitle: 'Choose a new password',
    checkingLink: 'Checking the link…',
    resetExpired: 'This link has expired or was already used.',
    askAgain: 'Ask for a new link',
    newPassword: 'New password',
    newPasswordHint: 'At least {{min}} characters.',
    repeatPassword: 'Repeat the new password',
    mismatch: 'The two passwords differ.',
    setPassword: 'Set the password',
    passwordSet:
      'Your password is set: sign in with it. As after any change of password, your personal tokens were revoked.',
    signIn: 'Sign in',
    verifyTitle: 'Confirm your address',
    verifyIntro:
      'Confirm that this address is yours, so the app can mail you, and mail you a link if you forget your password.',
    confirmAddress: 'Confirm my address',
    verified: 'Your address is verified.',
    verifyExpired: 'This link has expired or was already used.',
    verifyAgain: 'You can send a new link from your account page.',
    openApp: 'Open the app',
  },
  fr: {
    title: 'Connexion',
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    submit: 'Se connecter',
    signingIn: 'Connexion…',
    forgot: 'Mot de passe oublié ?',
    or: 'ou',
    withProvider: 'Se connecter avec {{name}}',
    ssoErrors: {
      disabled: 'Ce moyen de connexion n’est plus disponible : connectez-vous avec votre mot de passe.',
      expired: 'La connexion a pris trop de temps, ou sa page a été ouverte deux fois : recommencez.',
      failed:
        'La connexion chez le fournisseur n’a pas abouti, ou sa réponse n’a pas pu être vérifiée : recommencez.',
      not_allowed: 'Les comptes du fournisseur avec votre adresse ne peuvent pas se connecter ici.',
      no_account:
        'Aucun compte ici n’est lié au vôtre chez le fournisseur : demandez à un administrateur de vous inviter, ou connectez-vous avec votre mot de passe.',
      unverified_email:
        'Le fournisseur n’indique pas que votre adresse est vérifiée : vérifiez-la chez lui, puis recommencez.',
      deactivated: 'Votre compte ici est désactivé : adressez-vous à un administrateur.',
      too_many: 'Trop de tentatives de connexion : attendez quelques minutes, puis recommencez.',
      unknown:
        'La connexion par le fournisseur a échoué. Réessayez, ou connectez-vous avec votre mot de passe.',
    },
    forgotTitle: 'Mot de passe oublié ?',
    forgotIntro:
      'Indiquez votre nom d’utilisateur ou votre adresse : nous envoyons un lien pour choisir un nouveau mot de passe.',
    login: 'Nom d’utilisateur ou adresse e-mail',
    sendLink: 'Envoyer le lien',
    linkSent:
      'Si un compte correspond, un lien part vers son adresse vérifiée ; il fonctionne pendant une heure.',
    linkSentUnverified:
      'Pas de message au bout de quelques minutes ? L’adresse n’est peut-être pas encore vérifiée : demandez à un administrateur de vous donner un nouveau mot de passe.',
    backToSignIn: 'Retour à la connexion',
    resetTitle: 'Choisir un nouveau mot de passe',
    checkingLink: 'Vérification du lien…',
    resetExpired: 'Ce lien a expiré ou a déjà servi.',
    askAgain: 'Demander un nouveau lien',
    newPassword: 'Nouveau mot de passe',
    newPasswordHint: 'Au moins {{min}} caractères.',
    repeatPassword: 'Répétez le nouveau mot de passe',
    mismatch: 'Les deux mots de passe diffèrent.',
    setPassword: 'Enregistrer le mot de passe',
    passwordSet:
      'Votre mot de passe est enregistré : connectez-vous avec. Comme après tout changement de mot de passe, vos jetons personnels ont été révoqués.',
    signIn: 'Se connecter',
    verifyTitle: 'Confirmez votre adresse',
    verifyIntro:
      'Confirmez que cette adresse est la vôtre : l’application pourra vous écrire, et vous envoyer un lien si vous oubliez votre mot de passe.',
    confirmAddress: 'Confirmer mon adresse',
    verified: 'Votre adresse est vérifiée.',
    verifyExpired: 'Ce lien a expiré ou a déjà servi.',
    verifyAgain: 'Vous pouvez envoyer un nouveau lien depuis votre page de compte.',
    openApp: 'Ouvrir l’application',
  },
} satisfies Catalog
