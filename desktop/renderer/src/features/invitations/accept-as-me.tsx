import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { type useAcceptInvitation, useSignOutHere } from './mutations.ts'

/**
 * The signed-in person accepts with their account, or signs out to accept with another one. An
 * invitation sent to another address than the account's own is said to be so before it is used up:
 * a colleague's link opened in one's own browser would give their access to the wrong account.
 */
export function AcceptAsMe({
  me,
  invited,
  accept,
}: {
  me: { username: string; display_name: string; email: string }
  /** The address the invitation was sent to. */
  invited: string
  accept: ReturnType<typeof useAcceptInvitation>
}) {
  const { t } = useTranslation()
  const signOut = useSignOutHere()
  const name = me.display_name || me.username
  // An account with no address of its own may well be the one invited: nothing to say then.
  const own = me.email.trim().toLowerCase()
  const isSomeoneElses = own !== '' && own !== invited.trim().toLowerCase()
  return (
    <div className="invitation-accept">
      <p>{t('invitations.signedInAs', { name })}</p>
      {isSomeoneElses && <p className="warn">{t('invitations.otherAddress', { invited, name })}</p>}
      <ErrorNote error={accept.error ?? signOut.error} />
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={accept.isPending}
          onClick={() => accept.mutate({})}
        >
          {t('invitations.accept')}
        </button>
        <button type="button" className="link" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('invitations.notYou')}
        </button>
      </div>
    </div>
  )
}
