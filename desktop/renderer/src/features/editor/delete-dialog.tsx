import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useDeleteFile } from './mutations.ts'

/**
 * Asks before deleting a file, then deletes it (one commit). `sha` is the version the person saw:
 * a file changed since is not deleted (409, said in the dialog).
 */
export function DeleteDialog({
  org,
  space,
  path,
  sha,
  open,
  onClose,
  onDeleted,
}: {
  org: string
  space: string
  path: string
  sha: string
  open: boolean
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation()
  const remove = useDeleteFile(org, space, path, sha, onDeleted)
  return (
    <Dialog title={t('editor.deleteTitle')} open={open} onClose={onClose}>
      <p>{t('editor.deleteText', { path })}</p>
      <ErrorNote error={remove.error} />
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
