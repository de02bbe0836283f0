import './tidy.css'
import { useTranslation } from 'react-i18next'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { useTidyRuns } from './queries.ts'
import { TidyButton } from './tidy-button.tsx'
import { TidyRunCard } from './tidy-run-card.tsx'

/** A space's tidy-up runs, newest first: what each did, its commit, and `Revert` for admins. */
export function TidyRuns() {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const runs = useTidyRuns(org, space)
  return (
    <div className="tidy-runs">
      <h1>{t('tidy.runs.title')}</h1>
      <p className="hint">{t('tidy.runs.intro')}</p>
      {canWrite && (
        <div className="toolbar">
          <TidyButton org={org} space={space} />
        </div>
      )}
      {runs.isPending && <Loading />}
      <ErrorNote error={runs.error} onRetry={() => void runs.refetch()} />
      {runs.data?.length === 0 && <Empty>{t('tidy.runs.none')}</Empty>}
      {runs.data && runs.data.length > 0 && (
        <ol className="run-list" aria-label={t('tidy.runs.title')}>
          {runs.data.map((run) => (
            <TidyRunCard key={run.id} run={run} />
          ))}
        </ol>
      )}
    </div>
  )
}
