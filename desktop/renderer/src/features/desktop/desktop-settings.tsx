import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { Section } from '../../components/section.tsx'
import { NotFound } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useCopy } from '../../components/use-copy.ts'
import { organizationsQuery } from '../organization/queries.ts'
import type { DesktopInfo } from './desktop-api.ts'
import '../organization/organization.css'
import './desktop.css'
import { useSavePerson } from './mutations.ts'
import { useDesktop } from './use-desktop.ts'

/** The desktop's own settings: the identity of commits, the AI of the spaces, the data folder, assistants' access. */
export function DesktopSettings() {
  const { t } = useTranslation()
  const desktop = useDesktop()
  // The hosted server has no such page.
  if (!desktop) return <NotFound />
  return (
    <div className="admin-page">
      <h1>{t('desktop.settings.title')}</h1>
      <IdentitySection desktop={desktop} />
      <AiSection />
      <Section id="desktop-data" title={t('desktop.settings.dataDir')}>
        <p className="hint">{t('desktop.settings.dataDirHint')}</p>
        <p>
          <code>{desktop.data_dir}</code>
        </p>
      </Section>
      <McpSection desktop={desktop} />
    </div>
  )
}

/** Where the AI of the tidy-up and routines, and the search by meaning, are set: per organization. */
function AiSection() {
  const { t } = useTranslation()
  const orgs = useQuery(organizationsQuery)
  const own = (orgs.data ?? []).filter((org) => org.role === 'admin')
  return (
    <Section id="desktop-ai" title={t('desktop.settings.ai')}>
      <p className="hint">{t('desktop.settings.aiHint')}</p>
      <ul className="list">
        {own.map((org) => (
          <li key={org.slug}>
            <Link to="/org/$org" params={{ org: org.slug }} hash="org-ai">
              {t('desktop.settings.aiOf', { name: org.name })}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  )
}

function IdentitySection({ desktop }: { desktop: DesktopInfo }) {
  const { t } = useTranslation()
  const [name, setName] = useState(desktop.person.name)
  const [email, setEmail] = useState(desktop.person.email)
  const save = useSavePerson()
  return (
    <Section id="desktop-identity" title={t('desktop.settings.identity')}>
      <p className="hint">{t('desktop.settings.identityHint')}</p>
      <Form onSubmit={() => save.mutate({ name: name.trim(), email: email.trim() })}>
        <InputField
          label={t('desktop.welcome.name')}
          required
          maxLength={100}
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value)
            save.reset()
          }}
        />
        <InputField
          label={t('desktop.welcome.email')}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            save.reset()
          }}
        />
        <SubmitBar error={save.error} pending={save.isPending} />
        {save.isSuccess && <Done>{t('desktop.settings.saved')}</Done>}
      </Form>
    </Section>
  )
}

function McpSection({ desktop }: { desktop: DesktopInfo }) {
  const { t } = useTranslation()
  const configId = useId()
  const config = JSON.stringify(desktop.mcp.config, null, 2)
  const { field: area, copied, copy } = useCopy<HTMLTextAreaElement>(config)
  return (
    <Section id="desktop-mcp" title={t('desktop.settings.mcp')}>
      <p className="hint">{t('desktop.settings.mcpHint')}</p>
      <dl className="desktop-facts">
        <dt>{t('desktop.settings.mcpUrl')}</dt>
        <dd>
          <code>{desktop.mcp.url}</code>
        </dd>
      </dl>
      <label htmlFor={configId}>{t('desktop.settings.config')}</label>
      <textarea
        id={configId}
        ref={area}
        className="mcp-config"
        readOnly
        spellCheck={false}
        rows={config.split('\n').length}
        value={config}
        onFocus={(event) => event.target.select()}
      />
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => void copy()}>
          {copied === 'yes' ? t('common.copied') : t('common.copy')}
        </button>
        <span className="small" role="status">
          {copied === 'yes' && t('desktop.settings.copiedNote')}
          {copied === 'failed' && t('desktop.settings.copyByHand')}
        </span>
      </div>
    </Section>
  )
}
