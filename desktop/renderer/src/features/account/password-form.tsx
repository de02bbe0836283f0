import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { Section } from '../../components/section.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { tokensQuery } from './queries.ts'

/** Changes the password; the server then revokes every personal token and every other session. */
export function PasswordForm() {
  const { t } = useTranslation()
  const me = useMe()
  const client = useQueryClient()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const change = useMutation({
    mutationFn: () => ok(api.me.password.$put({ json: { current_password: current, new_password: next } })),
    onSuccess: () => {
      setCurrent('')
      setNext('')
      void client.invalidateQueries({ queryKey: tokensQuery.queryKey })
    },
  })
  return (
    <Section id="account-password" title={t('account.password')}>
      <p className="hint">{t('account.passwordIntro')}</p>
      <Form onSubmit={() => change.mutate()}>
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
