import { escapeHtml } from '../../../domain/html.ts'
import type { Locale } from '../../../errors/catalog.ts'
import type { ComposedMail } from '../../mail/send-mail.ts'

/** The languages mail is written in. */
type MailLocale = Locale

/** What a mailed link's message names: the link, the site it opens, the account and its address. */
export type LinkMailFacts = { link: string; site: string; username: string; email: string; validMs: number }

/** The mail that carries a link confirming an account's address (`<base>/verify-email/<token>`). */
export function verificationMail(locale: MailLocale, facts: LinkMailFacts): ComposedMail {
  const { email, username, site } = facts
  const within = validity(locale, facts.validMs)
  return locale === 'fr'
    ? linkMail(facts.link, {
        subject: 'Confirmez votre adresse e-mail',
        intro: `Ouvrez ce lien pour confirmer que ${email} est l’adresse de votre compte « ${username} » sur ${site} :`,
        action: 'Confirmer mon adresse',
        expiry: `Le lien ne sert qu’une fois, ${within}.`,
        ignore: 'Si vous n’avez rien demandé, ignorez ce message : l’adresse reste non confirmée.',
      })
    : linkMail(facts.link, {
        subject: 'Confirm your e-mail address',
        intro: `Open this link to confirm that ${email} is the address of your account “${username}” on ${site}:`,
        action: 'Confirm my address',
        expiry: `The link works once, ${within}.`,
        ignore: 'If you did not ask for this, ignore this mail: the address stays unconfirmed.',
      })
}

/** The mail that carries a link to choose a new password (`<base>/reset-password/<token>`). */
export function resetMail(locale: MailLocale, facts: LinkMailFacts): ComposedMail {
  const { username, site } = facts
  const within = validity(locale, facts.validMs)
  return locale === 'fr'
    ? linkMail(facts.link, {
        subject: 'Réinitialisez votre mot de passe',
        intro: `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte « ${username} » sur ${site}. Pour en choisir un nouveau, ouvrez ce lien :`,
        action: 'Choisir un nouveau mot de passe',
        expiry: `Le lien ne sert qu’une fois, ${within}. Choisir un nouveau mot de passe vous déconnecte partout.`,
        ignore: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
      })
    : linkMail(facts.link, {
        subject: 'Reset your password',
        intro: `Someone asked to reset the password of your account “${username}” on ${site}. To choose a new one, open this link:`,
        action: 'Choose a new password',
        expiry: `The link works once, ${within}. Choosing a new password signs you out everywhere.`,
        ignore: 'If you did not ask for this, ignore this mail: your password does not change.',
      })
}

type LinkMailWords = { subject: string; intro: string; action: string; expiry: string; ignore: string }

/** One message around a link: plain text with the bare link, HTML with the link as a button-like anchor. */
function linkMail(link: string, words: LinkMailWords): ComposedMail {
  const text = [words.intro, '', link, '', words.expiry, '', words.ignore, ''].join('\n')
  const html = [
    `<p>${escapeHtml(words.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    `<p style="word-break: break-all">${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(words.expiry)}</p>`,
    `<p>${escapeHtml(words.ignore)}</p>`,
  ].join('\n')
  return { subject: words.subject, text, html }
}

/** How long a link lasts, in words: "within 24 hours", "dans l’heure". */
function validity(locale: MailLocale, ms: number): string {
  const hours = Math.max(1, Math.round(ms / 3_600_000))
  if (locale === 'fr') return hours === 1 ? 'dans l’heure' : `dans les ${hours} heures`
  return hours === 1 ? 'within 1 hour' : `within ${hours} hours`
}

/** Whether two spellings name the same mailbox: addresses are compared without case, as the store does. */
export function isSameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}
