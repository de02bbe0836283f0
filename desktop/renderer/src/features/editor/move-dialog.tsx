import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { MovePreview } from './move-preview.tsx'
import { useMoveFile } from './mutations.ts'
import { cleanPath, pagePath } from './page-paths.ts'
import { movePreviewQuery } from './queries.ts'

/** Waits this long after the last keystroke before asking which links a move would rewrite. */
const PREVIEW_DELAY_MS = 300

/** The new path as meant: a page keeps being a page (`.md` added when missing), a folder a folder. */
function targetOf(from: string, typed: string, isFolder: boolean): string {
  return !isFolder && from.toLowerCase().endsWith('.md') ? pagePath(typed) : cleanPath(typed)
}

/**
 * `Move or rename` a file or a folder: the new path, the pages whose links will be rewritten (asked of
 * the server as a dry run while the person types), then the move itself, one commit.
 */
export function MoveDialog({
  org,
  space,
  from,
  open,
  onClose,
  onMoved,
  beforeMove,
  isFolder = false,
}: {
  org: string
  space: string
  /** A file's path, or a folder's (`isFolder`): every file in it moves. */
  from: string
  isFolder?: boolean
  open: boolean
  onClose: () => void
  onMoved: (to: string) => void
  /** Runs first (a live session commits what was typed, so it moves with the page). */
  beforeMove?: () => Promise<void>
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState(from)
  const [settled, setSettled] = useState(from)
  const to = targetOf(from, settled, isFolder)
  const isNew = to !== '' && to !== from
  const hintId = useId()

  useEffect(() => {
    if (open) {
      setTyped(from)
      setSettled(from)
    }
  }, [open, from])
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), PREVIEW_DELAY_MS)
    return () => clearTimeout(timer)
  }, [typed])

  const preview = useQuery(movePreviewQuery(org, space, from, to, open && isNew))
  const move = useMoveFile(org, space, from, onMoved, beforeMove)

  const isReady = isNew && typed === settled && preview.isSuccess && !move.isPending

  return (
    <Dialog title={t(isFolder ? 'editor.moveFolder' : 'editor.moveTitle')} open={open} onClose={onClose}>
      <Form
        onSubmit={() => {
          if (isReady) move.mutate(to)
        }}
      >
        <label>
          {t('editor.newPath')}
          <input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <div id={hintId} className="move-preview" aria-live="polite">
          {!isNew ? (
            <p className="hint">{t('editor.moveSame')}</p>
          ) : (
            <MovePreview preview={preview} isChecking={typed !== settled} isFolder={isFolder} />
          )}
        </div>
        <SubmitBar
          error={move.error}
          disabled={!isReady}
          label={move.isPending ? t('editor.moving') : t('editor.move')}
          onCancel={onClose}
        />
      </Form>
    </Dialog>
  )
}
