import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FILE_MAX_BYTES } from '#shared/domain/limits.ts'
import { ApiError } from '../../app/api.ts'
import { formatBytes } from '../../components/format.ts'
import { errorMessage } from '../../components/states.tsx'
import { useRefreshAfterChange } from './mutations.ts'
import { uploadBeside } from './upload.ts'

type Outcome = { name: string; state: 'sending' | 'done' | 'failed'; note: string }

/**
 * Uploads files beside the page, one after the other, inserting each one's link at the cursor as it
 * lands; says what happened to each (an existing name is never replaced).
 */
export function useUploads(
  org: string,
  space: string,
  pagePath: string,
  insert: (markdown: string) => void,
): { upload: (files: File[]) => void; status: ReactNode } {
  const { t, i18n } = useTranslation()
  const refresh = useRefreshAfterChange(org, space)
  const [outcomes, setOutcomes] = useState<Outcome[]>([])

  async function uploadAll(files: File[]) {
    const set = (name: string, state: Outcome['state'], note: string) =>
      setOutcomes((all) => [...all.filter((o) => o.name !== name), { name, state, note }])
    let inserted = 0
    for (const file of files) {
      // Past the size a file may have: said before minutes of sending are spent on it.
      if (file.size > FILE_MAX_BYTES) {
        const size = (bytes: number) => formatBytes(bytes, i18n.language)
        set(
          file.name,
          'failed',
          t('editor.uploadTooLarge', { name: file.name, size: size(file.size), limit: size(FILE_MAX_BYTES) }),
        )
        continue
      }
      set(file.name, 'sending', t('editor.uploading', { name: file.name }))
      try {
        const { link, name } = await uploadBeside(org, space, pagePath, file)
        // Several files at once: a line each, not one link glued to the next.
        insert(inserted++ > 0 ? `\n${link}` : link)
        // Renamed so that every clone holds it: said, as the link names it so.
        const done = name === file.name ? 'editor.uploaded' : 'editor.uploadedAs'
        set(file.name, 'done', t(done, { name: file.name, as: name }))
      } catch (error) {
        // The server says which file is in the way (the same name, or the same but for case).
        const exists = error instanceof ApiError && error.status === 409
        const note = exists
          ? t('editor.uploadExists', { name: file.name, reason: errorMessage(error, t) })
          : t('editor.uploadFailed', { name: file.name, reason: errorMessage(error, t) })
        set(file.name, 'failed', note)
      }
    }
    void refresh([])
  }

  const status = (
    <ul className="upload-status" aria-live="polite">
      {outcomes.map((o) => (
        <li key={o.name} className={o.state} role={o.state === 'failed' ? 'alert' : undefined}>
          {o.note}
        </li>
      ))}
    </ul>
  )
  return { upload: (files) => void uploadAll(files), status }
}

/** `Upload files`: a file picker that looks like a button, for those who do not drag and drop. */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation()
  return (
    <label className="button upload-button">
      {t('editor.uploadFiles')}
      <input
        type="file"
        multiple
        className="visually-hidden"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])]
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </label>
  )
}
