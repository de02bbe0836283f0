import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { useLanguageOf } from '../../app/i18n.ts'
import { meQuery } from '../../app/session.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { AcceptAsMe } from './accept-as-me.tsx'
import { AcceptWithNewAccount } from './accept-with-new-account.tsx'
import { Joined } from './joined.tsx'
import { useAcceptInvitation } from './mutations.ts'
import { OfferSummary } from './offer-summary.tsx'
import { invitationQuery } from './queries.ts'
import './invitations.css'

/**
 * The page an invitation's link opens, signed in or not: who invites to what, then a new account
 * or the signed-in one to accept it with. It speaks the account's language, else the browser's.
 */
export function InvitationPage() {
  const { t } = useTranslation()
  const { token } = useParams({ from: '/invite/$token' })
  const offer = useQuery(invitationQuery(token))
  // GET /me answers 401 to a person who is signed out: the page then offers a new account.
  const me = useQuery(meQuery)
  useLanguageOf(me.data?.locale)
  const accept = useAcceptInvitation(token)

  let content: ReactNode
  if (accept.isSuccess && offer.data) content = <Joined offer={offer.data} />
  else if (offer.isPending || me.isPending) content = <Loading />
  // Gone when opened, or by the time it was accepted (cancelled, used through the other link meanwhile).
  else if (isGone(offer.error) || isGone(accept.error))
    content = (
      <>
        <h1>{t('invitations.goneTitle')}</h1>
        <p>{t('invitations.gone')}</p>
        <p className="hint">{t('invitations.goneHint')}</p>
        <p>
          <Link to="/">{t('invitations.goHome')}</Link>
        </p>
      </>
    )
  else if (offer.error) content = <ErrorNote error={offer.error} onRetry={() => void offer.refetch()} />
  else
    content = (
      <>
        <OfferSummary offer={offer.data} />
        {me.data ? (
          <AcceptAsMe me={me.data} invited={offer.data.email} accept={accept} />
        ) : (
          <>
            <AcceptWithNewAccount accept={accept} />
            <p className="invitation-or">
              {t('invitations.haveAccount')}{' '}
              <Link to="/sign-in" search={{ next: `/invite/${token}` }}>
                {t('invitations.signInToAccept')}
              </Link>
            </p>
          </>
        )}
      </>
    )

  return (
    <main className="sign-in invitation-page" id="main">
      <section className="card invitation-card">{content}</section>
    </main>
  )
}

/** Whether an answer says the invitation is no longer there to accept. */
function isGone(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 404
}
