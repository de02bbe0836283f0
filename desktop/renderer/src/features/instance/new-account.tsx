import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useCreateAccount } from './mutations.ts'

const EMPTY = { username: '', displayName: '', email: '', password: '', isSuperadmin: false }

/** Creates an account; the person then joins organizations from their screens. */
export function NewAccount() {
  const { t } = useTranslation()
  const [form, setForm] = useState(EMPTY)
  const set = (changes: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...changes }))
  const create = useCreateAccount(() => setForm(EMPTY))
  return (
    <Form
      className="inline-form"
      aria-labelledby="new-account-title"
      onSubmit={() =>
        create.mutate({
          username: form.username.trim().toLowerCase(),
          display_name: form.displayName.trim(),
          email: form.email.trim(),
          password: form.password,
          is_superadmin: form.isSuperadmin,
        })
      }
    >
      <h3 id="new-account-title">{t('instance.newAccount')}</h3>
      <div className="grid-fields">
        <InputField
          label={t('instance.username')}
          required
          autoComplete="off"
          pattern="[a-zA-Z0-9][a-zA-Z0-9._\-]{0,38}"
          value={form.username}
          onChange={(event) => set({ username: event.target.value })}
          hint={t('instance.usernameHint')}
        />
        <label>
          {t('instance.displayName')}
          <input
            maxLength={200}
            autoComplete="off"
            value={form.displayName}
            onChange={(event) => set({ displayName: event.target.value })}
          />
        </label>
        <label>
          {t('instance.email')}
          <input
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(event) => set({ email: event.target.value })}
          />
        </label>
        <InputField
          label={t('instance.password')}
          type="password"
          required
          minLength={8}
          maxLength={1024}
          autoComplete="new-password"
          value={form.password}
          onChange={(event) => set({ password: event.target.value })}
          hint={t('instance.passwordHint')}
        />
      </div>
      <label className="inline">
        <input
          type="checkbox"
          checked={form.isSuperadmin}
          onChange={(event) => set({ isSuperadmin: event.target.checked })}
        />
        {t('instance.superAdmin')}
      </label>
      <SubmitBar error={create.error} pending={create.isPending} label={t('instance.createAccount')}>
        {create.isSuccess && <Done>{t('instance.accountCreated', { username: create.data.username })}</Done>}
      </SubmitBar>
    </Form>
  )
}
