import { useTranslation } from 'react-i18next'
import { formatDate } from '../../components/format.ts'
import type { InvitationOffer } from './queries.ts'

/** Who invites, to which organization, with which roles, for which address, and until when. */
export function OfferSummary({ offer }: { offer: InvitationOffer }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <h1>
        {t('invitations.invitedYou', {
          inviter: offer.invited_by.display_name,
          organization: offer.organization.name,
        })}
      </h1>
      <dl className="invitation-offer">
        <dt>{t('invitations.role')}</dt>
        <dd>{t(`common.roles.${offer.org_role}`)}</dd>
        <dt>{t('invitations.spaces')}</dt>
        <dd>
          {offer.org_role === 'admin' ? (
            t('invitations.adminSpaces')
          ) : offer.spaces.length === 0 ? (
            t('invitations.noSpaces')
          ) : (
            <ul>
              {offer.spaces.map((space) => (
                <li key={space.slug}>
                  {t('invitations.spaceRole', { space: space.name, role: t(`common.roles.${space.role}`) })}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>{t('invitations.for')}</dt>
        <dd>{offer.email}</dd>
        <dt>{t('invitations.expires')}</dt>
        <dd>{formatDate(offer.expires_at, i18n.language)}</dd>
      </dl>
    </>
  )
}
