import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FILE_MAX_BYTES } from '#shared/domain/limits.ts'
import { ApiError } from '../../app/api.ts'
import { formatBytes } from '../../components/format.ts'
import { errorMessage } from '../../components/states.tsx'
import { deleteFile } from './file-api.ts'
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
): { upload: (files: File[]) => void; takeBack: () => Promise<void>; isSending: boolean; status: ReactNode } {
  const { t, i18n } = useTranslation()
  const refresh = useRefreshAfterChange(org, space)
  const [outcomes, setOutcomes] = useState<Outcome[]>([])
  // What this editor uploaded, each at the version it wrote; the uploads under way; whether the
  // edit was given up (the files still to send are then not sent).
  const uploaded = useRef<{ path: string; sha: string }[]>([])
  const running = useRef<Promise<void>>(Promise.resolve())
  const givenUp = useRef(false)

  /**
   * Deletes the files this editor uploaded, once those under way landed, when what linked them is
   * given up (Cancel): a new page never created, or an edit thrown away, leaves nothing behind. A
   * file changed since is kept.
   */
  async function takeBack() {
    givenUp.current = true
    await running.current
    const files = uploaded.current
    uploaded.current = []
    for (const file of files) await deleteFile(org, space, file.path, file.sha).catch(() => undefined)
    if (files.length > 0) void refresh([])
  }

  async function uploadAll(files: File[]) {
    const set = (name: string, state: Outcome['state'], note: string) =>
      setOutcomes((all) => [...all.filter((o) => o.name !== name), { name, state, note }])
    let inserted = 0
    for (const file of files) {
      if (givenUp.current) break
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
        const { link, name, path, sha } = await uploadBeside(org, space, pagePath, file)
        uploaded.current.push({ path, sha })
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
  const isSending = outcomes.some((o) => o.state === 'sending')
  const upload = (files: File[]) => {
    const previous = running.current
    running.current = previous.then(() => uploadAll(files)).catch(() => undefined)
  }
  return { upload, takeBack, isSending, status }
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
