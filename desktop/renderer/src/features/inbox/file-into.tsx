import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote } from '../../components/states.tsx'
import { treeFolderQuery, useSpace } from '../space/queries.ts'
import { folderOf, titleOf } from '../space/tree-model.ts'
import { useFileInto } from './mutations.ts'
import type { InboxItemWithBody } from './queries.ts'

/**
 * The pages a note left by the tidy-up could go to, each one click away: the page becomes the note's
 * hint, and the next tidy-up files the note there. Each is named by its title, with its path (two
 * pages may have one title); by its path alone while its folder is read, or once it is gone.
 */
export function FileInto({ item }: { item: InboxItemWithBody }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const pick = useFileInto(org, space, item.name)
  const offered = item.status === 'left' ? item.candidates : []
  const titles = useCandidateTitles(org, space, offered)
  // Kept from the click: the note read again has no candidates left to name the page by.
  const [pickedTitle, setPickedTitle] = useState<string>()
  // Once picked the note is pending again, without candidates: what was done stays said.
  if (pick.isSuccess)
    return (
      <p role="status" className="hint">
        {pickedTitle
          ? t('inbox.candidates.donePage', { title: pickedTitle, path: pick.variables })
          : t('inbox.candidates.done', { path: pick.variables })}
      </p>
    )
  if (offered.length === 0) return null
  return (
    <section aria-labelledby="note-candidates">
      <h3 id="note-candidates">{t('inbox.candidates.title')}</h3>
      <div className="toolbar">
        {offered.map((path) => {
          const title = titles.get(path)
          return (
            <button
              key={path}
              type="button"
              disabled={pick.isPending}
              onClick={() => {
                setPickedTitle(title)
                pick.mutate(path)
              }}
            >
              {title
                ? t('inbox.candidates.fileIntoPage', { title, path })
                : t('inbox.candidates.fileInto', { path })}
            </button>
          )
        })}
      </div>
      {pick.error && <ErrorNote error={pick.error} />}
    </section>
  )
}

/** The names of the pages at `paths` that exist, as the tree names them, from their folders' listings (kept once read). */
function useCandidateTitles(org: string, space: string, paths: readonly string[]): Map<string, string> {
  const folders = [...new Set(paths.map(folderOf))]
  return useQueries({
    queries: folders.map((folder) => treeFolderQuery(org, space, folder)),
    combine: (results) => {
      const titles = new Map<string, string>()
      for (const result of results)
        for (const file of result.data?.files ?? [])
          if (paths.includes(file.path)) titles.set(file.path, titleOf(file))
      return titles
    },
  })
}
