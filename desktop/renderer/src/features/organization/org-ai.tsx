import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { Section } from '../../components/section.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { AiTest } from './ai-test.tsx'
import { ApiKeyField } from './api-key-field.tsx'
import { BaseUrl } from './base-url.tsx'
import { useSaveAi } from './mutations.ts'
import { ProviderFields } from './provider-fields.tsx'
import { type AiSettings, aiQuery, numberOrNull } from './queries.ts'
import { dollars, SpendMeter } from './spend-meter.tsx'

const PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const
type Provider = (typeof PROVIDERS)[number]

/** The reasoning levels the server passes on to the providers (empty: the model's default). */
const EFFORTS = ['', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']

/** The organization's AI provider for the tidy-up and routines, the month's spend, and a test call. */
export function OrgAi({ org }: { org: string }) {
  const { t } = useTranslation()
  const settings = useQuery(aiQuery(org))
  return (
    <Section id="org-ai" title={t('organization.ai')}>
      <p className="hint">{t('organization.aiIntro')}</p>
      {settings.isPending && <Loading />}
      <ErrorNote error={settings.error} onRetry={() => void settings.refetch()} />
      {settings.data !== undefined && (
        <>
          {settings.data ? <SpendMeter settings={settings.data} /> : <p>{t('organization.aiNone')}</p>}
          {/* Saved settings come back from the server: the form starts again from them (key field empty). */}
          <AiForm key={JSON.stringify(settings.data)} org={org} current={settings.data} />
          <AiTest org={org} />
        </>
      )}
    </Section>
  )
}

function AiForm({ org, current }: { org: string; current: AiSettings | null }) {
  const { t, i18n } = useTranslation()
  const me = useMe()
  const [provider, setProvider] = useState<Provider>(current?.provider ?? 'openai')
  const [model, setModel] = useState(current?.model ?? '')
  const [effort, setEffort] = useState(current?.effort ?? '')
  const [apiKey, setApiKey] = useState('')
  const [removeKey, setRemoveKey] = useState(false)
  const [budget, setBudget] = useState(current?.monthly_budget?.toString() ?? '')
  const [priceInput, setPriceInput] = useState('')
  const [priceOutput, setPriceOutput] = useState('')
  const [baseUrl, setBaseUrl] = useState(current?.base_url ?? '')
  const efforts = EFFORTS.includes(effort) ? EFFORTS : [...EFFORTS, effort]
  // The stored key goes when the provider or the address changes, unless a new one is given.
  const keyWillGo =
    current?.has_key === true &&
    !apiKey &&
    (provider !== current.provider || (me.is_superadmin && baseUrl.trim() !== current.base_url))
  const save = useSaveAi(org)
  return (
    <Form
      aria-label={t('organization.aiSettings')}
      onSubmit={() =>
        save.mutate({
          provider,
          model: model.trim(),
          effort,
          monthly_budget: numberOrNull(budget),
          ...(removeKey ? { api_key: null } : apiKey.trim() ? { api_key: apiKey.trim() } : {}),
          ...(priceInput.trim() ? { price_input: numberOrNull(priceInput) } : {}),
          ...(priceOutput.trim() ? { price_output: numberOrNull(priceOutput) } : {}),
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
        modelPlaceholder={provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4.1-mini'}
      >
        <SelectField
          label={t('organization.effort')}
          value={effort}
          onChange={(event) => setEffort(event.target.value)}
        >
          {efforts.map((value) => (
            <option key={value} value={value}>
              {t(`organization.efforts.${value || 'default'}`, { defaultValue: value })}
            </option>
          ))}
        </SelectField>
        <InputField
          label={t('organization.monthlyBudget')}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={budget}
          onChange={(event) => setBudget(event.target.value)}
          hint={t('organization.monthlyBudgetHint')}
        />
      </ProviderFields>
      <ApiKeyField
        value={apiKey}
        onChange={setApiKey}
        hasKey={current?.has_key === true}
        disabled={removeKey}
        more={keyWillGo && ` ${t('organization.keyWillGo')}`}
      />
      {current?.has_key && (
        <label className="inline">
          <input
            type="checkbox"
            checked={removeKey}
            onChange={(event) => setRemoveKey(event.target.checked)}
          />
          {t('organization.removeKey')}
        </label>
      )}
      <BaseUrl
        value={baseUrl}
        onChange={setBaseUrl}
        editable={me.is_superadmin}
        needed={provider === 'openai-compatible'}
      />
      <details className="prices">
        <summary>{t('organization.prices')}</summary>
        <p className="hint">
          {current?.price_input != null && current.price_output != null
            ? t('organization.pricesCurrent', {
                input: dollars(current.price_input, i18n.language),
                output: dollars(current.price_output, i18n.language),
              })
            : t('organization.pricesNone')}
        </p>
        <div className="grid-fields">
          <label>
            {t('organization.priceInput')}
            <input
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              value={priceInput}
              onChange={(event) => setPriceInput(event.target.value)}
            />
          </label>
          <label>
            {t('organization.priceOutput')}
            <input
              type="number"
              min="0"
              step="any"
              inputMode="decimal"
              value={priceOutput}
              onChange={(event) => setPriceOutput(event.target.value)}
            />
          </label>
        </div>
      </details>
      <SubmitBar error={save.error} pending={save.isPending}>
        {save.isSuccess && <Done>{t('organization.saved')}</Done>}
      </SubmitBar>
    </Form>
  )
}
