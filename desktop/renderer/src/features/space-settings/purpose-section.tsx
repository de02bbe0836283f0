import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Form } from '../../components/form.tsx'
import { formatDate } from '../../components/format.ts'
import { PendingButton } from '../../components/pending-button.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { useSavePurpose } from './mutations.ts'
import type { Purpose, PurposeKind } from './purpose-api.ts'
import { purposeQuery, templatesQuery } from './queries.ts'
import { Saved, SettingsSection } from './section.tsx'

const TITLES = { vocation: 'vocation', 'tidy-rules': 'tidyRules' } as const

/** The vocation (what the space is for, with templates to start from) or the tidy rules. */
export function PurposeSection({ org, space, kind }: { org: string; space: string; kind: PurposeKind }) {
  const { t } = useTranslation()
  const read = useQuery(purposeQuery({ org, space }, kind))
  const key = TITLES[kind]
  return (
    <SettingsSection title={t(`space-settings.${key}.title`)} hint={t(`space-settings.${key}.hint`)}>
      {read.isPending && <Loading />}
      <ErrorNote error={read.error} onRetry={() => void read.refetch()} />
      {read.data && <PurposeForm org={org} space={space} kind={kind} stored={read.data} />}
    </SettingsSection>
  )
}

function PurposeForm({
  org,
  space,
  kind,
  stored,
}: {
  org: string
  space: string
  kind: PurposeKind
  stored: Purpose
}) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const key = TITLES[kind]
  const [text, setText] = useState(stored.text)
  const templates = useQuery({ ...templatesQuery(i18n.language), enabled: kind === 'vocation' })
  const save = useSavePurpose(org, space, kind)
  const reload = async () => {
    const fresh = await client.fetchQuery({ ...purposeQuery({ org, space }, kind), staleTime: 0 })
    setText(fresh.text)
    save.reset()
  }
  const error = save.error
  const isConflict = error instanceof ApiError && error.status === 409
  const isSecret = error instanceof ApiError && error.code === 'secret_detected'
  const label = t(`space-settings.${key}.label`)
  return (
    <Form onSubmit={() => save.mutate({ text, baseSha: stored.sha, allowSecrets: false })}>
      {stored.pending && <p className="settings-warning">{t('space-settings.purpose.pending')}</p>}
      {kind === 'vocation' && templates.data && (
        <label>
          {t('space-settings.vocation.template')}
          <select
            value=""
            onChange={(e) => {
              const chosen = templates.data.find((x) => x.key === e.target.value)
              if (chosen) setText(chosen.text)
            }}
          >
            <option value="">{t('space-settings.vocation.chooseTemplate')}</option>
            {templates.data.map((template) => (
              <option key={template.key} value={template.key}>
                {template.label} — {template.summary}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        {label}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={8}
          maxLength={20_000}
          className="settings-text"
          aria-label={label}
        />
      </label>
      {!isConflict && <ErrorNote error={error} />}
      {isConflict && (
        <div className="state error" role="alert">
          <p>{t('space-settings.purpose.conflict')}</p>
          <button type="button" onClick={() => void reload()}>
            {t('space-settings.purpose.reload')}
          </button>
        </div>
      )}
      <div className="toolbar">
        <PendingButton type="submit" className="primary" pending={save.isPending}>
          {t('common.save')}
        </PendingButton>
        {isSecret && (
          <button
            type="button"
            className="danger"
            onClick={() => save.mutate({ text, baseSha: stored.sha, allowSecrets: true })}
            disabled={save.isPending}
          >
            {t('space-settings.purpose.saveAnyway')}
          </button>
        )}
        <Saved shown={save.isSuccess}>
          {save.data?.pending ? t('space-settings.purpose.savedPending') : undefined}
        </Saved>
      </div>
      {stored.history.length > 0 && (
        <details className="settings-history">
          <summary>{t('space-settings.purpose.history')}</summary>
          <ul className="list small">
            {stored.history.map((change) => (
              <li key={change.commit}>
                {change.subject}{' '}
                <span className="muted">
                  {change.author} · {formatDate(change.date, i18n.language)}
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Form>
  )
}
