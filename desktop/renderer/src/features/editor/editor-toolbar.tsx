import { useTranslation } from 'react-i18next'
import { UploadButton } from './uploads.tsx'

/**
 * Above the text, in either editor: `Upload files` (unless the page cannot be changed) and, for
 * Markdown, the button that swaps the text for its preview on narrow screens.
 */
export function EditorToolbar({
  onFiles,
  isMarkdown,
  isPreviewShown,
  onTogglePreview,
}: {
  /** Where picked files go; none when the person cannot change the page. */
  onFiles?: (files: File[]) => void
  isMarkdown: boolean
  isPreviewShown: boolean
  onTogglePreview: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="toolbar">
      {onFiles && <UploadButton onFiles={onFiles} />}
      {isMarkdown && (
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
