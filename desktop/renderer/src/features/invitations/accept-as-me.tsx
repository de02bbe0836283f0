import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { type useAcceptInvitation, useSignOutHere } from './mutations.ts'

/** The signed-in person accepts with their account, or signs out to accept with another one. */
export function AcceptAsMe({
  me,
  accept,
}: {
  me: { username: string; display_name: string }
  accept: ReturnType<typeof useAcceptInvitation>
}) {
  const { t } = useTranslation()
  const signOut = useSignOutHere()
  return (
    <div className="invitation-accept">
      <p>{t('invitations.signedInAs', { name: me.display_name || me.username })}</p>
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
