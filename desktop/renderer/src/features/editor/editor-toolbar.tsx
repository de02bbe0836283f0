import { useTranslation } from 'react-i18next'
import type { EditorMode } from './live-preview/mode.ts'
import { UploadButton } from './uploads.tsx'

/**
 * Above the text, in either editor: `Upload files` (unless the page cannot be changed) and, for
 * Markdown, `Source` (plain Markdown instead of the page rendered in place) and, in Source, the
 * button that swaps the text for its preview on narrow screens.
 */
export function EditorToolbar({
  onFiles,
  isMarkdown,
  mode,
  onModeChange,
  isPreviewShown,
  onTogglePreview,
}: {
  /** Where picked files go; none when the person cannot change the page. */
  onFiles?: (files: File[]) => void
  isMarkdown: boolean
  mode: EditorMode
  onModeChange: (mode: EditorMode) => void
  isPreviewShown: boolean
  onTogglePreview: () => void
}) {
  const { t } = useTranslation()
  const isSource = mode === 'source'
  return (
    <div className="toolbar editor-toolbar">
      {onFiles && <UploadButton onFiles={onFiles} />}
      {isMarkdown && (
        <button
          type="button"
          className="source-toggle"
          aria-pressed={isSource}
          title={t('editor.sourceHint')}
          onClick={() => onModeChange(isSource ? 'live' : 'source')}
        >
          {t('editor.source')}
        </button>
      )}
      {isMarkdown && isSource && (
        <button
          type="button"
          className="preview-toggle"
          aria-pressed={isPreviewShown}
          onClick={onTogglePreview}
        >
          {isPreviewShown ? t('editor.showText') : t('editor.showPreview')}
        </button>
      )}
    </div>
  )
}
