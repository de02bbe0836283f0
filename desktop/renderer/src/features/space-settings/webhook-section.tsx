import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { useGenerateWebhookSecret } from './mutations.ts'
import { gitQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

/** The address Git hosts call on a push, and its secret, shown once when generated. */
export function WebhookSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const git = useQuery(gitQuery({ org, space }))
  const generate = useGenerateWebhookSecret(org, space)
  const shown = generate.data
  return (
    <SettingsSection title={t('space-settings.webhook.title')} hint={t('space-settings.webhook.hint')}>
      {git.data && (
        <>
          <Copyable label={t('space-settings.webhook.url')} value={shown?.url ?? git.data.webhook_url} />
          {!shown && (
            <p>
              {git.data.has_webhook_secret
                ? t('space-settings.webhook.secretSet')
                : t('space-settings.webhook.noSecret')}
            </p>
          )}
        </>
      )}
      {shown && (
        <>
          <Copyable label={t('space-settings.webhook.secret')} value={shown.secret} />
          <p className="settings-warning">{t('space-settings.webhook.once')}</p>
        </>
      )}
      <ErrorNote error={generate.error} />
      <div className="toolbar">
        <button type="button" onClick={() => generate.mutate()} disabled={generate.isPending}>
          {t('space-settings.webhook.generate')}
        </button>
      </div>
    </SettingsSection>
  )
}

/** A read-only value with a Copy button beside it. */
function Copyable({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined)
    setCopied(true)
    setTimeout(() => setCopied(false), 2000)
  }
  return (
    <div className="settings-copy">
      <label>
        {label}
        <input readOnly value={value} className="mono" onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" onClick={() => void copy()} aria-label={`${t('common.copy')} ${label}`}>
        {copied ? t('common.copied') : t('common.copy')}
      </button>
    </div>
  )
}
