import { useDocumentTitle } from '../../app/document-title.ts'
import './space.css'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { formatDate, namesList } from '../../components/format.ts'
import { PendingButton } from '../../components/pending-button.tsx'
import { Empty, ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { DiffView } from './diff-view.tsx'
import { type Commit, historyQuery, treeQuery, useFilePath, useSpace } from './queries.ts'
import { RestoreVersion } from './restore-version.tsx'
import { baseNameOf, isPage, titleOf } from './tree-model.ts'

/** A file's history: the commits that touched it, and what the chosen one changed. */
export function HistoryView() {
  const { t, i18n } = useTranslation()
  const { org, space, canWrite, details } = useSpace()
  const path = useFilePath()
  useDocumentTitle(t('common.titles.history', { name: baseNameOf(path) }), details.name)
  const history = useInfiniteQuery(historyQuery(org, space, path))
  const tree = useQuery(treeQuery(org, space))
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const entry = tree.data?.find((file) => file.path === path)
  const title = titleOf(entry ?? { path })

  const commits = history.data?.pages.flat() ?? []
  const index = Math.max(
    0,
    commits.findIndex((commit) => commit.commit === chosen),
  )
  const selected: Commit | undefined = commits[index]
  // The version before is the next older commit that touched the file; the oldest one created it,
  // unless older ones are still to be listed: the next of them are read then, to show the change.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history
  const previous = commits[index + 1]?.commit ?? (hasNextPage ? undefined : null)
  useEffect(() => {
    if (selected && previous === undefined && hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [selected, previous, hasNextPage, isFetchingNextPage, fetchNextPage])

  if (history.error instanceof ApiError && history.error.status === 404) return <NotFound />
  return (
    <div className="history-view">
      <h1>{t('space.historyOf', { title })}</h1>
      <p className="page-path small muted">{path}</p>
      {entry && (
        <p>
          <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
            {t('space.backToPage')}
          </Link>
        </p>
      )}
      {history.isPending && <Loading />}
      <ErrorNote error={history.error} onRetry={() => void history.refetch()} />
      {history.data && commits.length === 0 && <Empty>{t('space.noCommits')}</Empty>}
      {selected && (
        <div className="history">
          <section aria-labelledby="commits-title">
            <h2 id="commits-title">{t('space.commits')}</h2>
            <ol className="list commits">
              {commits.map((commit) => (
                <li key={commit.commit}>
                  <button
                    type="button"
                    aria-pressed={commit === selected}
                    onClick={() => setChosen(commit.commit)}
                  >
                    <span className="commit-subject">{commit.subject}</span>
                    <span className="small muted">
                      {commit.coauthors.length > 0
                        ? t('space.byWithOn', {
                            author: commit.author,
                            others: namesList(commit.coauthors, i18n.language),
                            date: formatDate(commit.date, i18n.language),
                          })
                        : t('space.byOn', {
                            author: commit.author,
                            date: formatDate(commit.date, i18n.language),
                          })}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            {hasNextPage && (
              <PendingButton type="button" pending={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('space.showOlder')}
              </PendingButton>
            )}
          </section>
          <section aria-labelledby="diff-title">
            <h2 id="diff-title">{t('space.changesIn', { subject: selected.subject })}</h2>
            {/* The newest version is the page as it is: only an earlier one can be brought back. */}
            {canWrite && isPage(path) && index > 0 && (
              <div className="toolbar">
                <RestoreVersion
                  key={selected.commit}
                  org={org}
                  space={space}
                  path={path}
                  commit={selected}
                  baseSha={entry?.sha ?? ''}
                />
              </div>
            )}
            {previous === undefined ? (
              <Loading />
            ) : (
              <DiffView
                org={org}
                space={space}
                path={selected.path ?? path}
                commit={selected.commit}
                previous={previous}
                previousPath={commits[index + 1]?.path ?? path}
              />
            )}
          </section>
        </div>
      )}
    </div>
  )
}
