import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { formatDateIn } from '../../components/format.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useSaveTidySettings } from './mutations.ts'
import { tidySettingsQuery } from './queries.ts'
import { Saved, SettingsSection } from './section.tsx'

type TidySettings = { enabled: boolean; time: string; timezone: string; model: string; delay: number }

/** When the tidy-up runs on its own: daily at a time in a time zone, or minutes after a drop. */
export function TidySettingsSection({ org, space }: { org: string; space: string }) {
  const { t, i18n } = useTranslation()
  const read = useQuery(tidySettingsQuery({ org, space }))
  return (
    <SettingsSection title={t('space-settings.tidy.title')} hint={t('space-settings.tidy.hint')}>
      {read.isPending && <Loading />}
      <ErrorNote error={read.error} onRetry={() => void read.refetch()} />
      {read.data && <TidyForm org={org} space={space} stored={read.data} />}
      {read.data?.next_daily_at && (
        <p className="hint">
          {t('space-settings.tidy.next', {
            when: formatDateIn(read.data.next_daily_at, i18n.language, read.data.timezone),
          })}
        </p>
      )}
    </SettingsSection>
  )
}

/** Every time zone the browser knows, for the list of suggestions. */
function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] }
  return intl.supportedValuesOf?.('timeZone') ?? []
}

function TidyForm({ org, space, stored }: { org: string; space: string; stored: TidySettings }) {
  const { t } = useTranslation()
  const [form, setForm] = useState(stored)
  const [delayText, setDelayText] = useState(String(stored.delay))
  const set = (changes: Partial<TidySettings>) => setForm((current) => ({ ...current, ...changes }))
  const save = useSaveTidySettings(org, space)
  return (
    <Form
      onSubmit={() =>
        save.mutate({
          ...form,
          model: form.model.trim(),
          timezone: form.timezone.trim(),
          delay: Number(delayText) || 0,
        })
      }
    >
      <label className="inline">
        <input type="checkbox" checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
        {t('space-settings.tidy.enabled')}
      </label>
      <div className="settings-row">
        <label>
          {t('space-settings.tidy.time')}
          <input type="time" value={form.time} onChange={(e) => set({ time: e.target.value })} required />
        </label>
        <label>
          {t('space-settings.tidy.timezone')}
          <input
            value={form.timezone}
            onChange={(e) => set({ timezone: e.target.value })}
            list="tidy-time-zones"
            required
            spellCheck={false}
          />
        </label>
        <datalist id="tidy-time-zones">
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <div className="settings-row">
        <label>
          {t('space-settings.tidy.model')}
          <input
            value={form.model}
            onChange={(e) => set({ model: e.target.value })}
            placeholder={t('space-settings.tidy.modelPlaceholder')}
            maxLength={200}
            spellCheck={false}
          />
        </label>
        <label>
          {t('space-settings.tidy.delay')}
          <input
            type="number"
            min={0}
            max={10_080}
            value={delayText}
            onChange={(e) => setDelayText(e.target.value)}
            aria-describedby="tidy-delay-hint"
          />
        </label>
      </div>
      <p id="tidy-delay-hint" className="hint">
        {t('space-settings.tidy.delayHint')}
      </p>
      <SubmitBar error={save.error} pending={save.isPending}>
        <Saved shown={save.isSuccess} />
      </SubmitBar>
    </Form>
  )
}
