import { MergeView } from '@codemirror/merge'
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { baseExtensions, shadowMount } from '../editor/codemirror-setup.ts'

/**
 * A conflicted file's two versions side by side: the remote's (read-only) and ours (editable, each
 * difference can take the remote's part). `onEdit` gets our side's text after each change.
 */
export function ConflictMerge({
  local,
  remote,
  onEdit,
}: {
  local: string
  remote: string
  onEdit: (text: string) => void
}) {
  const { t } = useTranslation()
  const parent = useRef<HTMLDivElement>(null)
  const callbacks = useRef({ onEdit })
  callbacks.current = { onEdit }

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per conflict; a new one remounts it (key).
  useEffect(() => {
    if (!parent.current) return
    const { root, parent: mount } = shadowMount(parent.current, 'merge-editor')
    const phrases = EditorState.phrases.of({ 'Revert this chunk': t('space-settings.conflicts.takeRemote') })
    const view = new MergeView({
      parent: mount,
      root,
      orientation: 'a-b',
      revertControls: 'a-to-b',
      a: {
        doc: remote,
        extensions: [
          baseExtensions(remote, t('space-settings.conflicts.remote')),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          phrases,
        ],
      },
      b: {
        doc: local,
        extensions: [
          baseExtensions(local, t('space-settings.conflicts.localEditable')),
          phrases,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onEdit(update.state.sliceDoc())
          }),
        ],
      },
    })
    return () => {
      view.destroy()
      mount.remove()
    }
  }, [])

  return (
    <>
      <div className="conflict-heads" aria-hidden="true">
        <span>{t('space-settings.conflicts.remoteHead')}</span>
        <span>{t('space-settings.conflicts.localHead')}</span>
      </div>
      <div className="conflict-merge" ref={parent} />
    </>
  )
}
