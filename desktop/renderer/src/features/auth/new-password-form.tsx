import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/domain/limits.ts'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'

/**
 * A new password typed twice: the form is sent only when both match, so a typing slip does not lock
 * the person out. `children` come before the two fields (a current password, say).
 */
export function NewPasswordForm({
  label,
  pending,
  error,
  onSubmit,
  username,
  children,
}: {
  label: string
  pending: boolean
  error: unknown
  onSubmit: (password: string) => void
  /** The account's username, for password managers to file the new password under. */
  username?: string
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [checked, setChecked] = useState(false)
  const isMismatch = repeat !== password
  return (
    <Form
      onSubmit={() => {
        setChecked(true)
        if (!isMismatch) onSubmit(password)
      }}
    >
      {username !== undefined && (
        <input type="text" name="username" autoComplete="username" hidden readOnly value={username} />
      )}
      {children}
      <InputField
        label={t('auth.newPassword')}
        type="password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t('auth.newPasswordHint', { min: PASSWORD_MIN })}
      />
      <InputField
        label={t('auth.repeatPassword')}
        type="password"
        required
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={checked && isMismatch ? t('auth.mismatch') : undefined}
      />
      <SubmitBar error={error} pending={pending} label={label} />
    </Form>
  )
}
