import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Done } from '../../components/done.tsx'
import { Loading } from '../../components/states.tsx'
import { organizationsQuery } from '../organization/queries.ts'
import { spacesQuery } from '../space/queries.ts'
import type { InvitationOffer } from './queries.ts'

/** Once accepted: the confirmation, and the way into the organization's first space (or home). */
export function Joined({ offer }: { offer: InvitationOffer }) {
  const { t } = useTranslation()
  const organization = offer.organization
  const spaces = useQuery(spacesQuery)
  // The role held now: someone already an admin stays one, whatever role the invitation offered.
  const organizations = useQuery(organizationsQuery)
  const role = organizations.data?.find((org) => org.slug === organization.slug)?.role ?? offer.org_role
  const own = (spaces.data ?? []).filter((space) => space.organization === organization.slug)
  const first = own[0]
  return (
    <>
      <h1>{t('invitations.welcome', { organization: organization.name })}</h1>
      {organizations.isPending ? (
        <Loading />
      ) : (
        <Done>
          {t('invitations.joined', {
            organization: organization.name,
            role: t(`common.roles.${role}`),
          })}
        </Done>
      )}
      {own.length > 0 && (
        <ul className="invitation-spaces">
          {own.map((space) => (
            <li key={space.slug}>
              <Link to="/s/$org/$space" params={{ org: space.organization, space: space.slug }}>
                {space.name}
              </Link>{' '}
              <span className="badge">{t(`common.roles.${space.role}`)}</span>
            </li>
          ))}
        </ul>
      )}
      {spaces.isPending ? (
        <Loading />
      ) : (
        <div className="toolbar">
          {first ? (
            <Link
              className="button primary"
              to="/s/$org/$space"
              params={{ org: first.organization, space: first.slug }}
            >
              {t('invitations.openSpace', { space: first.name })}
            </Link>
          ) : (
            <Link className="button primary" to="/">
              {t('invitations.goHome')}
            </Link>
          )}
        </div>
      )}
    </>
  )
}
