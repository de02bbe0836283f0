import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useRequestPasswordReset } from './mutations.ts'
import { PublicCard } from './public-card.tsx'

/**
 * Asks for a password reset link by username or address. The answer says the same whether an
 * account matches or not, so the page cannot be used to learn who has an account.
 */
export function ForgotPassword() {
  const { t } = useTranslation()
  const [login, setLogin] = useState('')
  const request = useRequestPasswordReset()
  return (
    <PublicCard title={t('auth.forgotTitle')}>
      {request.isSuccess ? (
        <>
          <Done>{t('auth.linkSent')}</Done>
          <p className="hint">{t('auth.linkSentUnverified')}</p>
        </>
      ) : (
        <Form onSubmit={() => request.mutate(login.trim())}>
          <p className="hint">{t('auth.forgotIntro')}</p>
          <label>
            {t('auth.login')}
            <input
              name="login"
              autoComplete="username"
              required
              maxLength={320}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
            />
          </label>
          <SubmitBar error={request.error} pending={request.isPending} label={t('auth.sendLink')} />
        </Form>
      )}
      <p>
        <Link to="/sign-in">{t('auth.backToSignIn')}</Link>
      </p>
    </PublicCard>
  )
}
