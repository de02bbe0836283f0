import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { Section } from '../../components/section.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useChangePassword } from './mutations.ts'

/** Changes the password; the server then revokes every personal token and every other session. */
export function PasswordForm() {
  const { t } = useTranslation()
  const me = useMe()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const change = useChangePassword(() => {
    setCurrent('')
    setNext('')
  })
  if (!me.has_password)
    return (
      <Section id="account-password" title={t('account.password')}>
        <p>{t('account.noPassword')}</p>
      </Section>
    )
  return (
    <Section id="account-password" title={t('account.password')}>
      <p className="hint">{t('account.passwordIntro')}</p>
      <Form onSubmit={() => change.mutate({ current_password: current, new_password: next })}>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={me.username} />
        <label>
          {t('account.currentPassword')}
          <input
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </label>
        <InputField
          label={t('account.newPassword')}
          type="password"
          required
          minLength={8}
          maxLength={1024}
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          hint={t('account.newPasswordHint')}
        />
        <SubmitBar error={change.error} pending={change.isPending} label={t('account.changePassword')}>
          {change.isSuccess && <Done>{t('account.passwordChanged')}</Done>}
        </SubmitBar>
      </Form>
    </Section>
  )
}
