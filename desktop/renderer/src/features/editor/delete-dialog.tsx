import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { namesList } from '../../components/format.ts'
import { ErrorNote } from '../../components/states.tsx'
import { backlinksQuery } from '../navigation/queries.ts'
import { useDeleteFile } from './mutations.ts'

/** Pages named in the warning at most: beyond, their number says enough. */
const NAMED_PAGES = 3

/**
 * Asks before deleting a file, then deletes it (one commit). `sha` is the version the person saw:
 * a file changed since is not deleted (409, said in the dialog). The pages linking to a page are
 * named first: their links will lead nowhere once it is gone.
 */
export function DeleteDialog({
  org,
  space,
  path,
  sha,
  latestSha,
  open,
  onClose,
  onDeleted,
}: {
  org: string
  space: string
  path: string
  sha: string
  /** The version to delete, read as the delete is asked: the page is being written live. */
  latestSha?: () => Promise<string>
  open: boolean
  onClose: () => void
  onDeleted: () => void
}) {
  const { t, i18n } = useTranslation()
  const remove = useDeleteFile(org, space, path, sha, onDeleted, latestSha)
  // Changed since it was shown: said in the reader's words (the API's speak of base_sha and merging).
  const failure =
    remove.error instanceof ApiError && remove.error.code === 'conflict'
      ? new ApiError(409, 'conflict', t('editor.deleteChanged'), {})
      : remove.error
  const linking = useQuery({ ...backlinksQuery(org, space, path), enabled: open && /\.md$/i.test(path) })
  const pages = linking.data ?? []
  const names = pages.slice(0, NAMED_PAGES).map((page) => page.title)
  const others = pages.length - names.length
  return (
    <Dialog title={t('editor.deleteTitle')} open={open} onClose={onClose}>
      <p>{t('editor.deleteText', { path })}</p>
      {pages.length > 0 && (
        <p className="warn">
          {others > 0
            ? t('editor.deleteLinkedMany', { count: pages.length, names: names.join(', '), others })
            : t('editor.deleteLinked', { count: pages.length, names: namesList(names, i18n.language) })}
        </p>
      )}
      <ErrorNote error={failure} />
      <div className="toolbar">
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {remove.isPending ? t('editor.deleting') : t('common.delete')}
        </button>
        <button type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  )
}
