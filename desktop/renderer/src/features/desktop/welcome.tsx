import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { PendingButton } from '../../components/pending-button.tsx'
import { ErrorNote } from '../../components/states.tsx'
import type { Person } from './desktop-api.ts'
import { useSavePerson } from './mutations.ts'

/** First start: who the person is, for their commits, before anything else. */
export function Welcome({ person }: { person: Person }) {
  const { t } = useTranslation()
  const [name, setName] = useState(person.name)
  const [email, setEmail] = useState(person.email)
  const save = useSavePerson()
  return (
    <main className="sign-in" id="main">
      <Form className="card narrow" onSubmit={() => save.mutate({ name: name.trim(), email: email.trim() })}>
        <h1>{t('desktop.welcome.title')}</h1>
        <p className="hint">{t('desktop.welcome.intro')}</p>
        <InputField
          label={t('desktop.welcome.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <InputField
          label={t('desktop.welcome.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <ErrorNote error={save.error} />
        <PendingButton type="submit" className="primary" pending={save.isPending}>
          {t('desktop.welcome.submit')}
        </PendingButton>
      </Form>
    </main>
  )
}
