import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Done } from '../../components/done.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { useResetPassword } from './mutations.ts'
import { NewPasswordForm } from './new-password-form.tsx'
import { PublicCard } from './public-card.tsx'
import { passwordResetQuery } from './queries.ts'

/**
 * A mailed password reset link: checked first, so an expired or used one says so at once (with a
 * way to ask again) rather than after the person typed a new password.
 */
export function ResetPassword() {
  const { t } = useTranslation()
  const { token } = useParams({ from: '/reset-password/$token' })
  const check = useQuery(passwordResetQuery(token))
  const reset = useResetPassword(token)
  const isGone = (error: unknown) => error instanceof ApiError && error.status === 404
  return (
    <PublicCard title={t('auth.resetTitle')}>
      {reset.isSuccess ? (
        <>
          <Done>{t('auth.passwordSet')}</Done>
          <p>
            <Link to="/sign-in">{t('auth.signIn')}</Link>
          </p>
        </>
      ) : check.isPending ? (
        <Loading label={t('auth.checkingLink')} />
      ) : isGone(check.error) || isGone(reset.error) ? (
        <>
          <p role="alert">{t('auth.resetExpired')}</p>
          <p>
            <Link to="/forgot-password">{t('auth.askAgain')}</Link>
          </p>
        </>
      ) : check.error ? (
        <ErrorNote error={check.error} onRetry={() => void check.refetch()} />
      ) : (
        <NewPasswordForm
          label={t('auth.setPassword')}
          pending={reset.isPending}
          error={reset.error}
          onSubmit={(password) => reset.mutate(password)}
        />
      )}
    </PublicCard>
  )
}
