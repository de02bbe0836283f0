import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Section } from '../../components/section.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useSendVerification } from './mutations.ts'

/**
 * The account's address and whether the person proved they read it; an unverified one can be
 * confirmed by a mailed link (the app mails password reset links only to a verified address).
 */
export function EmailAddress() {
  const { t } = useTranslation()
  const me = useMe()
  const send = useSendVerification()
  return (
    <Section id="account-email" title={t('account.email')}>
      {me.email === '' ? (
        <p className="hint">{t('account.noEmail')}</p>
      ) : (
        <>
          <p className="email-line">
            <span className="wrap">{me.email}</span>{' '}
            {me.email_verified ? (
              <span className="badge verified">{t('account.verified')}</span>
            ) : (
              <span className="badge stale">{t('account.notVerified')}</span>
            )}
          </p>
          {!me.email_verified && (
            <>
              <p className="hint">{t('account.verifyWhy')}</p>
              <ErrorNote error={send.error} />
              <div className="toolbar">
                <button type="button" disabled={send.isPending} onClick={() => send.mutate()}>
                  {t('account.sendVerification')}
                </button>
                {send.isSuccess && <Done>{t('account.verificationSent', { email: me.email })}</Done>}
              </div>
            </>
          )}
        </>
      )}
    </Section>
  )
}
