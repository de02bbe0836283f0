import { useTranslation } from 'react-i18next'
import { isActiveContent } from '#shared/domain/file-kinds.ts'
import { rawUrl } from '../../app/api.ts'
import { formatBytes } from '../../components/format.ts'
import type { FileRead } from './queries.ts'
import { baseNameOf } from './tree-model.ts'

/**
 * A file that is not a page: its kind and size, a download, a preview of a plain image, and its text
 * (its own, or the text read from a document or an image; a picture with none shows no such part). SVG, HTML and the like are never shown
 * inline: on the app's origin they could run scripts.
 */
export function FileDetails({ org, space, file }: { org: string; space: string; file: FileRead }) {
  const { t, i18n } = useTranslation()
  const url = rawUrl(org, space, file.path)
  const name = baseNameOf(file.path)
  const isActive = isActiveContent(file.path)
  return (
    <div className="file-details">
      <p className="toolbar">
        <span>
          {t(`space.kind.${file.kind}`)} · {formatBytes(file.size, i18n.language)}
        </span>
        <a href={url} download={name} className="button">
          {t('space.download')}
        </a>
      </p>
      {isActive && (file.kind === 'image' || file.kind === 'text') && (
        <p className="hint">{t('space.notShownInline')}</p>
      )}
      {file.kind === 'image' && !isActive && <img src={url} alt={name} className="file-preview" />}
      {file.extracted
        ? // A picture with no words in it (a photo) is shown as it is; a document without is said.
          (file.text || file.kind !== 'image') && (
            <section aria-labelledby="extracted-title">
              <h2 id="extracted-title">{t('space.extractedText')}</h2>
              {file.text ? (
                <pre className="file-text">{file.text}</pre>
              ) : (
                <p className="muted">{t('space.noExtractedText')}</p>
              )}
            </section>
          )
        : file.text && (
            <section aria-labelledby="file-text-title">
              <h2 id="file-text-title">{t('space.fileText')}</h2>
              <pre className="file-text">{file.text}</pre>
            </section>
          )}
    </div>
  )
}
