import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { useSaveMeaning } from './mutations.ts'
import { meaningQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

/** The index by meaning of the space: on or off, and what it holds. */
export function MeaningSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const read = useQuery(meaningQuery({ org, space }))
  return (
    <SettingsSection title={t('space-settings.meaning.title')} hint={t('space-settings.meaning.hint')}>
      {read.isPending && <Loading />}
      <ErrorNote error={read.error} onRetry={() => void read.refetch()} />
      {read.data && <MeaningForm org={org} space={space} enabled={read.data.enabled} />}
      {read.data?.enabled && (
        <p role="status">
          {t('space-settings.meaning.counts', { files: read.data.files, chunks: read.data.chunks })}
          {read.data.waiting > 0 && (
            <>
              {' '}
              {t('space-settings.meaning.waiting', { waiting: read.data.waiting })}{' '}
              <progress
                aria-label={t('space-settings.meaning.title')}
                max={read.data.files + read.data.waiting}
                value={read.data.files}
              />
            </>
          )}
        </p>
      )}
    </SettingsSection>
  )
}

function MeaningForm({ org, space, enabled }: { org: string; space: string; enabled: boolean }) {
  const { t } = useTranslation()
  const [wanted, setWanted] = useState(enabled)
  const save = useSaveMeaning(org, space)
  return (
    <Form onSubmit={() => save.mutate(wanted)}>
      <label className="inline">
        <input type="checkbox" checked={wanted} onChange={(e) => setWanted(e.target.checked)} />
        {t('space-settings.meaning.enabled')}
      </label>
      <SubmitBar error={save.error} pending={save.isPending}>
        {save.isPending && wanted && <span className="hint">{t('space-settings.meaning.indexing')}</span>}
      </SubmitBar>
    </Form>
  )
}
