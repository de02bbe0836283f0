import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/domain/limits.ts'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import type { useAcceptInvitation } from './mutations.ts'

/** A person without an account makes one with the invitation, and is signed in with it. */
export function AcceptWithNewAccount({ accept }: { accept: ReturnType<typeof useAcceptInvitation> }) {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [displayName, setDisplayName] = useState('')
  const [password, setPassword] = useState('')
  return (
    <Form
      className="invitation-accept"
      aria-labelledby="new-account-title"
      onSubmit={() =>
        accept.mutate({
          username: username.trim().toLowerCase(),
          ...(displayName.trim() ? { display_name: displayName.trim() } : {}),
          password,
        })
      }
    >
      <h2 id="new-account-title">{t('invitations.newAccount')}</h2>
      <InputField
        label={t('invitations.username')}
        name="username"
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        pattern="[a-zA-Z0-9][a-zA-Z0-9._\-]{0,38}"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        hint={t('invitations.usernameHint')}
      />
      <InputField
        label={t('invitations.displayName')}
        name="display_name"
        maxLength={200}
        autoComplete="name"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        hint={t('invitations.displayNameHint')}
      />
      <InputField
        label={t('invitations.password')}
        name="password"
        type="password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('invitations.passwordHint', { min: PASSWORD_MIN })}
      />
      <SubmitBar error={accept.error} pending={accept.isPending} label={t('invitations.createAndJoin')} />
    </Form>
  )
}
