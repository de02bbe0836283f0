import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { ErrorNote } from '../../components/states.tsx'
import { tidyRunsQuery } from './queries.ts'

/**
 * `Tidy up now`: queues a run of the tidy-up (202), or explains the limit (429). Beside the inbox it
 * then links to the runs; on the runs screen the new run shows up in the list itself.
 */
export function TidyButton({ org, space, linkToRuns }: { org: string; space: string; linkToRuns?: boolean }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const start = useMutation({
    mutationFn: () => ok(api.organizations[':org'].spaces[':space'].tidy.$post({ param: { org, space } })),
    onSuccess: () => client.invalidateQueries({ queryKey: tidyRunsQuery(org, space).queryKey }),
  })
  return (
    <div className="tidy-button">
      <button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
        {t('inbox.tidyNow')}
      </button>
      {start.isSuccess && (
        <p role="status" className="small">
          {t('inbox.tidyQueued')}{' '}
          {linkToRuns && (
            <Link to="/s/$org/$space/tidy" params={{ org, space }}>
              {t('inbox.seeRuns')}
            </Link>
          )}
        </p>
      )}
      <ErrorNote error={start.error} />
    </div>
  )
}
