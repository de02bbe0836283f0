import { escapeHtml } from '../../../domain/html.ts'
import type { OrgRole, SpaceMemberRole } from '../../../domain/roles.ts'
import type { Locale } from '../../../errors/catalog.ts'
import type { ComposedMail } from '../../mail/send-mail.ts'

/** What an invitation gives, as its mails name it. */
export type MailedOffer = {
  orgName: string
  inviterName: string
  orgRole: OrgRole
  spaces: { name: string; role: SpaceMemberRole }[]
}

/** A role in the organization, as the end of a sentence that gives it. */
const AS_ROLE: Record<Locale, Record<OrgRole, string>> = {
  en: { admin: 'as an admin', member: 'as a member' },
  fr: { admin: 'en tant qu’administrateur', member: 'en tant que membre' },
}
const SPACE_ROLE: Record<Locale, Record<SpaceMemberRole, string>> = {
  en: { reader: 'reader', contributor: 'contributor' },
  fr: { reader: 'lecteur', contributor: 'contributeur' },
}

/** The mail that carries an invitation's link, to the invited address in the inviter's language. */
export function invitationMail(
  offer: MailedOffer,
  link: string,
  expiresAt: number,
  locale: Locale,
): ComposedMail {
  const { orgName, inviterName } = offer
  const role = AS_ROLE[locale][offer.orgRole]
  const until = dateOf(expiresAt, locale)
  const [subject, lines] =
    locale === 'fr'
      ? [
          `${inviterName} vous invite à rejoindre ${orgName}`,
          [
            `${inviterName} vous invite à rejoindre l’organisation ${orgName} ${role}.`,
            ...spacesLine(offer, locale),
            `Accepter l’invitation : ${link}`,
            `Le lien ne sert qu’une fois, jusqu’au ${until}. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
          ],
        ]
      : [
          `${inviterName} invites you to join ${orgName}`,
          [
            `${inviterName} invites you to join the organization ${orgName} ${role}.`,
            ...spacesLine(offer, locale),
            `Accept the invitation: ${link}`,
            `The link works once, until ${until}. If you did not expect this invitation, ignore this message.`,
          ],
        ]
  return composed(subject, lines, link)
}

/** The mail telling an account it was given an organization's access at once, in its own language. */
export function accessGivenMail(offer: MailedOffer, link: string, locale: Locale): ComposedMail {
  const { orgName, inviterName } = offer
  const role = AS_ROLE[locale][offer.orgRole]
  const [subject, lines] =
    locale === 'fr'
      ? [
          `Vous avez désormais accès à ${orgName}`,
          [
            `${inviterName} vous a donné accès à l’organisation ${orgName} ${role}.`,
            ...spacesLine(offer, locale),
            `Pour l’ouvrir : ${link}`,
          ],
        ]
      : [
          `You now have access to ${orgName}`,
          [
            `${inviterName} gave you access to the organization ${orgName} ${role}.`,
            ...spacesLine(offer, locale),
            `Open it: ${link}`,
          ],
        ]
  return composed(subject, lines, link)
}

/** The spaces offered and their roles, as one line; none when the invitation offers no space. */
function spacesLine(offer: MailedOffer, locale: Locale): string[] {
  if (offer.spaces.length === 0) return []
  const list = offer.spaces.map((s) => `${s.name} (${SPACE_ROLE[locale][s.role]})`).join(', ')
  return [locale === 'fr' ? `Espaces : ${list}.` : `Spaces: ${list}.`]
}

/** A moment as people read it, in UTC (the mail cannot know the reader's time zone). */
function dateOf(ms: number, locale: Locale): string {
  const format = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  return `${format.format(ms)} UTC`
}

/** Text and HTML of the same lines; in HTML, the link is one a reader can click. */
function composed(subject: string, lines: string[], link: string): ComposedMail {
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines
      .map((line) => `<p>${escapeHtml(line).replace(escapeHtml(link), () => anchor)}</p>`)
      .join('\n'),
  }
}
