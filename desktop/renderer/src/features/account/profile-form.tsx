import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../app/i18n.ts'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { Section } from '../../components/section.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useUpdateProfile } from './mutations.ts'

/** Each language named in itself, so a person finds theirs whatever the app speaks now. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' }

/** The person's display name and language; the app switches language as soon as it is saved. */
export function ProfileForm() {
  const { t, i18n } = useTranslation()
  const me = useMe()
  const [displayName, setDisplayName] = useState(me.display_name)
  const [locale, setLocale] = useState<Language>(me.locale ?? (i18n.language === 'fr' ? 'fr' : 'en'))
  const save = useUpdateProfile(me.username)
  return (
    <Section id="account-profile" title={t('account.profile')}>
      <Form onSubmit={() => save.mutate({ display_name: displayName.trim(), locale })}>
        <label>
          {t('account.displayName')}
          <input
            maxLength={200}
            autoComplete="name"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
        </label>
        <SelectField
          label={t('account.language')}
          value={locale}
          onChange={(event) => setLocale(event.target.value as Language)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </SelectField>
        <SubmitBar error={save.error} pending={save.isPending}>
          {save.isSuccess && <Done>{t('account.saved')}</Done>}
        </SubmitBar>
      </Form>
    </Section>
  )
}
