import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLanguageOf } from '../../app/i18n.ts'
import { useMe, useSignOut } from '../../app/session.ts'
import { NewPasswordForm } from '../auth/new-password-form.tsx'
import { PublicCard } from '../auth/public-card.tsx'
import { useChangePassword } from './mutations.ts'

/** Where to go once the password is chosen: the page asked for, if it is one of the app's own. */
function safeNext(next: string | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/change-password')) return '/'
  return next
}

/**
 * The one screen of an account whose password a super admin set: the person chooses their own
 * (the API refuses everything else until then), then goes on to the page they asked for.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation()
  const me = useMe()
  useLanguageOf(me.locale)
  const { next } = useSearch({ from: '/change-password' })
  const navigate = useNavigate()
  const signOut = useSignOut()
  const [current, setCurrent] = useState('')
  const change = useChangePassword(() => void navigate({ href: safeNext(next), replace: true }))
  return (
    <PublicCard title={t('account.chooseTitle')}>
      <p>{t('account.mustChange')}</p>
      <NewPasswordForm
        label={t('account.changePassword')}
        pending={change.isPending}
        error={change.error}
        username={me.username}
        onSubmit={(password) => change.mutate({ current_password: current, new_password: password })}
      >
        <label>
          {t('account.givenPassword')}
          <input
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </label>
      </NewPasswordForm>
      <button type="button" className="link" onClick={() => void signOut()}>
        {t('common.nav.signOut')}
      </button>
    </PublicCard>
  )
}
