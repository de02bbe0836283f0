import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Section } from '../../components/section.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { BaseUrl } from './org-ai.tsx'
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
  const client = useQueryClient()
  const [provider, setProvider] = useState<Provider>(current?.provider ?? 'openai')
  const [model, setModel] = useState(current?.model ?? '')
  const [apiKey, setApiKey] = useState('')
  const [baseUrl, setBaseUrl] = useState(current?.base_url ?? '')
  const save = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].embeddings.$put({
          param: { org },
          json: {
            provider,
            model: model.trim(),
            ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}),
            ...(me.is_superadmin ? { base_url: baseUrl.trim() } : {}),
          },
        }),
      ),
    onSuccess: (saved) => client.setQueryData(embeddingsQuery(org).queryKey, saved),
  })
  return (
    <form
      aria-label={t('organization.embeddingsSettings')}
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <div className="grid-fields">
        <SelectField
          label={t('organization.provider')}
          value={provider}
          onChange={(event) => setProvider(event.target.value as Provider)}
        >
          {PROVIDERS.map((value) => (
            <option key={value} value={value}>
              {t(`organization.providers.${value}`)}
            </option>
          ))}
        </SelectField>
        <label>
          {t('organization.model')}
          <input
            required
            maxLength={200}
            autoComplete="off"
            placeholder="text-embedding-3-small"
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
        </label>
      </div>
      <label>
        {t('organization.apiKey')}
        <input
          type="password"
          autoComplete="new-password"
          aria-describedby="embeddings-key-hint"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <span id="embeddings-key-hint" className="hint">
          {current?.has_key ? t('organization.keySet') : t('organization.keyNone')}
        </span>
      </label>
      <BaseUrl
        id="embeddings-base-url"
        value={baseUrl}
        onChange={setBaseUrl}
        editable={me.is_superadmin}
        needed={provider === 'openai-compatible'}
      />
      <p className="hint">{t('organization.embeddingsReindex')}</p>
      <SubmitBar error={save.error} pending={save.isPending}>
        {save.isSuccess && <Done>{t('organization.saved')}</Done>}
      </SubmitBar>
    </form>
  )
}
