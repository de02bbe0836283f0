import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { Section } from '../../components/section.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { ApiKeyField } from './api-key-field.tsx'
import { BaseUrl } from './base-url.tsx'
import { useSaveEmbeddings } from './mutations.ts'
import { ProviderFields } from './provider-fields.tsx'
import { type EmbeddingSettings, embeddingsQuery } from './queries.ts'

const PROVIDERS = ['openai', 'openai-compatible'] as const
type Provider = (typeof PROVIDERS)[number]

/** The model that indexes the organization's spaces by meaning (the built-in one until a provider is set). */
export function OrgEmbeddings({ org }: { org: string }) {
  const { t } = useTranslation()
  const settings = useQuery(embeddingsQuery(org))
  return (
    <Section id="org-embeddings" title={t('organization.embeddings')}>
      <p className="hint">{t('organization.embeddingsIntro')}</p>
      {settings.isPending && <Loading />}
      <ErrorNote error={settings.error} onRetry={() => void settings.refetch()} />
      {settings.data !== undefined && (
        <>
          <p>
            {settings.data
              ? t('organization.embeddingsCurrent', {
                  provider: t(`organization.providers.${settings.data.provider}`),
                  model: settings.data.model,
                })
              : t('organization.embeddingsBuiltIn')}
          </p>
          <EmbeddingsForm key={JSON.stringify(settings.data)} org={org} current={settings.data} />
        </>
      )}
    </Section>
  )
}

function EmbeddingsForm({ org, current }: { org: string; current: EmbeddingSettings | null }) {
  const { t } = useTranslation()
  const me = useMe()
  const [provider, setProvider] = useState<Provider>(current?.provider ?? 'openai')
  const [model, setModel] = useState(current?.model ?? '')
  const [apiKey, setApiKey] = useState('')
  const [baseUrl, setBaseUrl] = useState(current?.base_url ?? '')
  const save = useSaveEmbeddings(org)
  return (
    <Form
      aria-label={t('organization.embeddingsSettings')}
      onSubmit={() =>
        save.mutate({
          provider,
          model: model.trim(),
          ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}),
          ...(me.is_superadmin ? { base_url: baseUrl.trim() } : {}),
        })
      }
    >
      <ProviderFields
        providers={PROVIDERS}
        provider={provider}
        onProvider={setProvider}
        model={model}
        onModel={setModel}
        modelPlaceholder="text-embedding-3-small"
      />
      <ApiKeyField value={apiKey} onChange={setApiKey} hasKey={current?.has_key === true} />
      <BaseUrl
        value={baseUrl}
        onChange={setBaseUrl}
        editable={me.is_superadmin}
        needed={provider === 'openai-compatible'}
      />
      <p className="hint">{t('organization.embeddingsReindex')}</p>
      <SubmitBar error={save.error} pending={save.isPending}>
        {save.isSuccess && <Done>{t('organization.saved')}</Done>}
      </SubmitBar>
    </Form>
  )
}
