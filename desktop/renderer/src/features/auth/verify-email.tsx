import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Done } from '../../components/done.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useConfirmEmail } from './mutations.ts'
import { PublicCard } from './public-card.tsx'

/**
 * A mailed e-mail verification link. The address is confirmed by a button, not on opening: mail
 * scanners open links to check them, and would otherwise confirm addresses nobody read.
 */
export function VerifyEmail() {
  const { t } = useTranslation()
  const { token } = useParams({ from: '/verify-email/$token' })
  const confirm = useConfirmEmail(token)
  const isGone = confirm.error instanceof ApiError && confirm.error.status === 404
  return (
    <PublicCard title={t('auth.verifyTitle')}>
      {confirm.isSuccess ? (
        <>
          <Done>{t('auth.verified')}</Done>
          <p>
            <Link to="/">{t('auth.openApp')}</Link>
          </p>
        </>
      ) : isGone ? (
        <>
          <p role="alert">{t('auth.verifyExpired')}</p>
          <p className="hint">{t('auth.verifyAgain')}</p>
          <p>
            <Link to="/account">{t('auth.openApp')}</Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('auth.verifyIntro')}</p>
          <ErrorNote error={confirm.error} />
          <div className="toolbar">
            <button
              type="button"
              className="primary"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {t('auth.confirmAddress')}
            </button>
          </div>
        </>
      )}
    </PublicCard>
  )
}
