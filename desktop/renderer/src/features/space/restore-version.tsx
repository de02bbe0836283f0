import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { Dialog } from '../../components/dialog.tsx'
import { formatDate } from '../../components/format.ts'
import { ErrorNote } from '../../components/states.tsx'
import { type FileRead, saveFile } from '../editor/file-api.ts'
import { useRefreshAfterChange } from '../editor/mutations.ts'
import { type Commit, fileQuery, spaceKeys } from './queries.ts'

/** The commit message of a restored version: the path and the short sha of the version brought back. */
export function restoreMessage(path: string, commit: string): string {
  return `Restore ${path} as of ${commit.slice(0, 7)}`
}

/**
 * A version's exact text from what the read API gives: the text as stored, every line ending kept,
 * but without a leading byte order mark, which the size in bytes tells was there.
 */
export function exactTextOf(version: Pick<FileRead, 'text' | 'size'>): string {
  const bytes = new TextEncoder().encode(version.text).length
  return bytes + 3 === version.size ? `\uFEFF${version.text}` : version.text
}

/**
 * `Restore this version` on an earlier version of a page: once confirmed, that version's bytes are
 * written back as a new commit over the version the person sees now (`baseSha`, '' when the page is
 * gone). Nothing in the history is rewritten. When the page changed meanwhile (409), its latest state
 * is read again and the person is asked again. A commit that deleted the page has no version of it to
 * bring back: it offers none (the commit before it does).
 */
export function RestoreVersion({
  org,
  space,
  path,
  commit,
  baseSha,
}: {
  org: string
  space: string
  path: string
  commit: Commit
  baseSha: string
}) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const restore = useRestoreVersion(org, space, path, commit)
  const isConflict = restore.error instanceof ApiError && restore.error.status === 409
  const version = useQuery({ ...fileQuery(org, space, commit.path ?? path, commit.commit), retry: false })
  // Shown once the version is read: a deleted page's commit would show it, then take it away.
  if (!version.isSuccess) return null
  return (
    <>
      <button
        type="button"
        onClick={() => {
          restore.reset()
          setOpen(true)
        }}
      >
        {t('space.restoreVersion')}
      </button>
      <Dialog title={t('space.restoreVersionTitle')} open={open} onClose={() => setOpen(false)}>
        <p>
          {t('space.restoreVersionText', {
            subject: commit.subject,
            date: formatDate(commit.date, i18n.language),
          })}
        </p>
        {isConflict ? (
          <p className="state error" role="alert">
            {t('space.restoreVersionChanged')}
          </p>
        ) : (
          <ErrorNote error={restore.error} />
        )}
        <div className="toolbar">
          <button
            type="button"
            className="primary"
            disabled={restore.isPending}
            // From the request's answer, not from this dialog's callbacks: reading the history again
            // may close it first.
            onClick={() =>
              restore.mutateAsync(baseSha).then(
                () => void navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: path } }),
                () => undefined,
              )
            }
          >
            {t('space.restoreVersion')}
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </>
  )
}

/** Writes a page's version at `commit` back over the version `baseSha`, one commit; a conflict rereads the page. */
function useRestoreVersion(org: string, space: string, path: string, { commit, path: then = path }: Commit) {
  const client = useQueryClient()
  const refresh = useRefreshAfterChange(org, space)
  const reread = () =>
    Promise.all([
      refresh([path]),
      client.invalidateQueries({ queryKey: spaceKeys.history(org, space, path) }),
    ])
  return useMutation({
    mutationFn: async (baseSha: string) => {
      // Read where the file was then (before a move), written where it is now.
      const version = await client.fetchQuery(fileQuery(org, space, then, commit))
      return saveFile(org, space, path, {
        content: exactTextOf(version),
        message: restoreMessage(path, commit),
        baseSha,
      })
    },
    onSuccess: reread,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void reread()
    },
  })
}
