import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'

/**
 * What a move's dry run said: how many files a folder's move takes, the pages whose links the move
 * will rewrite, or why it cannot be done.
 */
export function MovePreview({
  preview,
  isChecking = false,
  isFolder = false,
}: {
  preview: UseQueryResult<{ rewritten?: string[]; moved?: number }>
  /** The move's target is still being chosen: the answer shown would be about another one. */
  isChecking?: boolean
  /** A folder moves: how many files go with it is said, one as much as many. */
  isFolder?: boolean
}) {
  const { t } = useTranslation()
  const rewritten = preview.data?.rewritten ?? []
  if (preview.isPending || isChecking) return <p className="hint">{t('editor.moveChecking')}</p>
  if (preview.isError) return <ErrorNote error={preview.error} />
  const moved = preview.data?.moved ?? 1
  // A folder's files move with it: say how many, as a folder's name alone does not.
  const files = (isFolder || moved > 1) && <p>{t('editor.moveFiles', { count: moved })}</p>
  if (rewritten.length === 0)
    return (
      <>
        {files}
        <p className="hint">{t('editor.moveNoRewrite')}</p>
      </>
    )
  return (
    <>
      {files}
      <p>{t('editor.moveRewrites', { count: rewritten.length })}</p>
      <ul className="rewritten">
        {rewritten.map((page) => (
          <li key={page}>
            <code>{page}</code>
          </li>
        ))}
      </ul>
    </>
  )
}
