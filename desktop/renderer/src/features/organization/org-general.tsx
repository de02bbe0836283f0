import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { Section } from '../../components/section.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useUpdateOrganization } from './mutations.ts'
import { NameFields } from './name-fields.tsx'

type Details = { slug: string; name: string; description: string }

/** The organization's name and description. */
export function OrgGeneral({ org, details }: { org: string; details: Details }) {
  const { t } = useTranslation()
  const [name, setName] = useState(details.name)
  const [description, setDescription] = useState(details.description)
  const save = useUpdateOrganization(org)
  return (
    <Section id="org-general" title={t('organization.general')}>
      <Form onSubmit={() => save.mutate({ name, description })}>
        <p className="small muted">
          {t('common.labelled', { label: t('organization.slug') })} <code>{details.slug}</code>
        </p>
        <NameFields name={name} onName={setName} description={description} onDescription={setDescription} />
        <SubmitBar error={save.error} pending={save.isPending}>
          {save.isSuccess && <Done>{t('organization.saved')}</Done>}
        </SubmitBar>
      </Form>
    </Section>
  )
}
