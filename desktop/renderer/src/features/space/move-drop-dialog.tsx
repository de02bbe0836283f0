import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { MovePreview } from '../editor/move-preview.tsx'
import { useMoveFile } from '../editor/mutations.ts'
import { movePreviewQuery } from '../editor/queries.ts'
import { movedPath } from './tree-model.ts'

/**
 * The confirmation of a file or a folder dropped on a folder of the tree: where it goes, the pages whose links
 * will be rewritten (the move's dry run), then the move itself, one commit, as `Move or rename` does.
 */
export function MoveDropDialog({
  org,
  space,
  from,
  title,
  folder,
  isFolder,
  onClose,
  onMoved,
}: {
  org: string
  space: string
  from: string
  /** How the tree names the file. */
  title: string
  /** Where it was dropped ('' for the space's root). */
  folder: string
  /** `from` is a folder: every file in it moves. */
  isFolder: boolean
  onClose: () => void
  onMoved: (to: string) => void
}) {
  const { t } = useTranslation()
  const to = movedPath(from, folder)
  const preview = useQuery(movePreviewQuery(org, space, from, to, true))
  const move = useMoveFile(org, space, from, onMoved)
  return (
    <Dialog title={t('space.moveDropTitle')} open onClose={onClose}>
      <p>{folder ? t('space.moveDropInto', { title, folder }) : t('space.moveDropToRoot', { title })}</p>
      <div className="move-preview" aria-live="polite">
        <MovePreview preview={preview} isFolder={isFolder} />
      </div>
      <ErrorNote error={move.error} />
      <div className="toolbar">
        <button
          type="button"
          className="primary"
          disabled={!preview.isSuccess || move.isPending}
          onClick={() => move.mutate(to)}
        >
          {move.isPending ? t('editor.moving') : t('editor.move')}
        </button>
        <button type="button" onClick={onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  )
}
