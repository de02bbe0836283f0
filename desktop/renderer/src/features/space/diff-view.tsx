import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { type DiffRow, diffRows } from './diff-rows.ts'
import { type FileRead, fileQuery, spaceKeys } from './queries.ts'

type Props = {
  org: string
  space: string
  path: string
  /** The commit whose change is shown. */
  commit: string
  /** The commit of the version before; null when this commit created the file; undefined when unknown. */
  previous: string | null | undefined
  /** Where the file was in the version before, when it was moved by this commit (default: `path`). */
  previousPath?: string
}

/**
 * What a commit changed in a file: a line diff against the version before, added lines marked `+`
 * (and `<ins>`), removed ones `-` (and `<del>`), so the change reads the same as text.
 */
export function DiffView({ org, space, path, commit, previous, previousPath = path }: Props) {
  const { t } = useTranslation()
  const client = useQueryClient()
  // A version absent at a commit (the change deleted the file) reads as no file.
  const versionAt = (ref: string, at = path) =>
    client.fetchQuery(fileQuery(org, space, at, ref)).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null
      throw error
    })
  const diff = useQuery({
    queryKey: [...spaceKeys.diff(org, space, path, commit, previous ?? null), previousPath],
    queryFn: async () => {
      const [{ diffLines }, after, before] = await Promise.all([
        import('diff'),
        versionAt(commit),
        previous ? versionAt(previous, previousPath) : Promise.resolve(null),
      ])
      const rows = diffRows(diffLines(textOf(before), textOf(after)))
      return { after, before, rows }
    },
    staleTime: Number.POSITIVE_INFINITY,
  })
  if (diff.isPending) return <Loading />
  if (diff.isError) return <ErrorNote error={diff.error} onRetry={() => void diff.refetch()} />
  const { after, before, rows } = diff.data
  const added = rows.filter((row) => row.kind === 'added').length
  const removed = rows.filter((row) => row.kind === 'removed').length
  const hasText = !!(after?.text || before?.text)
  return (
    <div className="diff-view">
      {previous === null && after && <p>{t('space.created')}</p>}
      {previous && previousPath !== path && <p>{t('space.movedFrom', { path: previousPath })}</p>}
      {!after && <p>{t('space.removedFile')}</p>}
      {!hasText && after && <p className="muted">{t('space.noTextDiff')}</p>}
      {hasText && added + removed === 0 && <p className="muted">{t('space.noDiff')}</p>}
      {hasText && added + removed > 0 && (
        <>
          <p className="small muted">
            {t('space.diffAdded', { count: added })}, {t('space.diffRemoved', { count: removed })}
          </p>
          <pre className="diff">
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed rendering of one diff.
              <DiffLine key={index} row={row} />
            ))}
          </pre>
        </>
      )}
    </div>
  )
}

function textOf(file: FileRead | null): string {
  return file?.text ?? ''
}

function DiffLine({ row }: { row: DiffRow }) {
  const { t } = useTranslation()
  if (row.kind === 'added') return <ins>{`+ ${row.text}\n`}</ins>
  if (row.kind === 'removed') return <del>{`- ${row.text}\n`}</del>
  if (row.kind === 'skip')
    return <span className="diff-skip">{`${t('space.unchanged', { count: row.count })}\n`}</span>
  return <span>{`  ${row.text}\n`}</span>
}
