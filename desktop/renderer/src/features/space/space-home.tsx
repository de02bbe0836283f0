import { useDocumentTitle } from '../../app/document-title.ts'
import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { PageMarkdown } from '../../markdown/progressive-markdown.tsx'
import { type FolderContents, listedContents } from '../navigation/folder-contents.ts'
import { FolderView, SubFolders } from '../navigation/folder-view.tsx'
import { splitTitle } from './page-title.ts'
import { fileQuery, treeFolderQuery, useLinkPaths, useSpace } from './queries.ts'
import { titleOf } from './tree-model.ts'

/** The home pages a space may have at its root, in order of preference. */
const HOME_PAGES = ['index.md', 'README.md', 'readme.md', 'Readme.md']
/** How many pages the home lists when the space has no home page. */
const LISTED_PAGES = 20

/**
 * A space's home: its description, then its home page rendered, or its top pages. With a `folder`
 * in the address (a breadcrumb's link), that folder's sub-folders and pages instead. Both read one
 * folder of the tree, not the whole space, so a large space shows at once.
 */
export function SpaceHome() {
  const { t } = useTranslation()
  const { org, space, details } = useSpace()
  useDocumentTitle(details.name)
  const { folder } = useSearch({ strict: false }) as { folder?: string }
  const listing = useQuery(treeFolderQuery(org, space, folder ?? ''))
  const contents = useMemo(() => listing.data && listedContents(listing.data), [listing.data])
  if (folder && contents) return <FolderView folder={folder} contents={contents} />
  if (folder)
    return listing.isError ? (
      <ErrorNote error={listing.error} onRetry={() => void listing.refetch()} />
    ) : (
      <Loading />
    )
  const top = listing.data
  const home = top && HOME_PAGES.find((name) => top.files.some((entry) => entry.path === name))
  const fileCount = top && top.files.length + top.folders.reduce((sum, sub) => sum + sub.files, 0)
  return (
    <div className="space-home">
      <h1>{details.name}</h1>
      {details.description && <p className="muted">{details.description}</p>}
      {listing.isPending && <Loading />}
      <ErrorNote error={listing.error} onRetry={() => void listing.refetch()} />
      {fileCount !== undefined && <p className="small muted">{t('space.pageCount', { count: fileCount })}</p>}
      {home ? <HomePage path={home} /> : contents && <SpaceTop contents={contents} />}
    </div>
  )
}

function HomePage({ path }: { path: string }) {
  const { org, space } = useSpace()
  const file = useQuery(fileQuery(org, space, path))
  // Links to files of the space resolve against every path once the whole tree is in; the page shows before it.
  const paths = useLinkPaths(org, space, file.data?.text)
  const page = useMemo(() => (file.data ? splitTitle(path, file.data.text) : undefined), [file.data, path])
  if (file.isPending) return <Loading />
  if (file.isError) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  return (
    <section aria-labelledby="home-page-title" className="home-page">
      <h2 id="home-page-title">
        <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: path }}>
          {page?.title}
        </Link>
      </h2>
      <PageMarkdown text={page?.text ?? ''} context={{ org, space, path, paths }} />
    </section>
  )
}

/** The top of a space without a home page: its folders, and its first pages by title. */
function SpaceTop({ contents }: { contents: FolderContents }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const { folders, pages } = contents
  if (pages.length === 0 && folders.length === 0) return <p className="state empty">{t('space.noPages')}</p>
  return (
    <>
      <SubFolders folders={folders} id="top-folders-title" />
      {pages.length > 0 && (
        <section aria-labelledby="some-pages-title">
          <h2 id="some-pages-title">{t('space.someFiles')}</h2>
          <ul className="list">
            {pages.slice(0, LISTED_PAGES).map((entry) => (
              <li key={entry.path}>
                <Link to="/s/$org/$space/page/$" params={{ org, space, _splat: entry.path }}>
                  {titleOf(entry)}
                </Link>{' '}
                <span className="small muted">{entry.path}</span>
              </li>
            ))}
          </ul>
          {pages.length > LISTED_PAGES && <p className="hint">{t('space.morePages')}</p>}
        </section>
      )}
    </>
  )
}
