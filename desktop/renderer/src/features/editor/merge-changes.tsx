import { MergeView } from '@codemirror/merge'
import { EditorState } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { baseExtensions, shadowMount } from './codemirror-setup.ts'

/**
 * The page changed while the person edited it: their version (read-only) beside the person's
 * (editable, starting from what they typed). Each difference can take their side; `Save merged`
 * sends the person's side on top of their version.
 */
export function MergeChanges({
  theirs,
  mine,
  busy,
  onChange,
  onSave,
  onCancel,
  children,
}: {
  theirs: string
  mine: string
  busy: boolean
  onChange: (text: string) => void
  onSave: () => void
  onCancel: () => void
  /** Shown between the versions and the buttons (the commit message). */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const parent = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const callbacks = useRef({ onChange })
  callbacks.current = { onChange }

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per conflict; a new one remounts it (key).
  useEffect(() => {
    if (!parent.current) return
    const { root, parent: mount } = shadowMount(parent.current, 'merge-editor')
    const phrases = EditorState.phrases.of({ 'Revert this chunk': t('editor.takeTheirs') })
    const view = new MergeView({
      parent: mount,
      root,
      orientation: 'a-b',
      revertControls: 'a-to-b',
      collapseUnchanged: { margin: 3, minSize: 8 },
      a: {
        doc: theirs,
        extensions: [
          baseExtensions(theirs, t('editor.theirsLabel')),
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          phrases,
        ],
      },
      b: {
        doc: mine,
        extensions: [
          baseExtensions(mine, t('editor.mineLabel')),
          phrases,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.sliceDoc())
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
    <section className="merge-changes" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('editor.mergeTitle')}</h2>
      <p className="hint">{t('editor.mergeHint')}</p>
      <div className="merge-heads" aria-hidden="true">
        <span>{t('editor.theirsHead')}</span>
        <span>{t('editor.mineHead')}</span>
      </div>
      <div className="merge-view" ref={parent} />
      {children}
      <div className="toolbar editor-actions">
        <button type="button" className="primary" disabled={busy} onClick={onSave}>
          {t('editor.saveMerged')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('editor.backToEditor')}
        </button>
      </div>
    </section>
  )
}
