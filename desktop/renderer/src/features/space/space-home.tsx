import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { Markdown } from '../../markdown/markdown.tsx'
import { FolderView } from '../navigation/folder-view.tsx'
import { splitTitle } from './page-title.ts'
import { fileQuery, treeQuery, useSpace } from './queries.ts'
import { isPage, type TreeFile, titleOf } from './tree-model.ts'

/** The home pages a space may have at its root, in order of preference. */
const HOME_PAGES = ['index.md', 'README.md', 'readme.md', 'Readme.md']
/** How many pages the home lists when the space has no home page. */
const LISTED_PAGES = 20

/**
 * A space's home: its description, then its home page rendered, or a few of its pages. With a
 * `folder` in the address (a breadcrumb's link), that folder's sub-folders and pages instead.
 */
export function SpaceHome() {
  const { t } = useTranslation()
  const { org, space, details } = useSpace()
  const { folder } = useSearch({ strict: false }) as { folder?: string }
  const tree = useQuery(treeQuery(org, space))
  if (folder && tree.data) return <FolderView folder={folder} files={tree.data} />
  if (folder)
    return tree.isError ? <ErrorNote error={tree.error} onRetry={() => void tree.refetch()} /> : <Loading />
  const home = tree.data && HOME_PAGES.find((name) => tree.data.some((entry) => entry.path === name))
  return (
    <div className="space-home">
      <h1>{details.name}</h1>
      {details.description && <p className="muted">{details.description}</p>}
      {tree.isPending && <Loading />}
      <ErrorNote error={tree.error} onRetry={() => void tree.refetch()} />
      {tree.data && <p className="small muted">{t('space.pageCount', { count: tree.data.length })}</p>}
      {home && tree.data ? (
        <HomePage path={home} files={tree.data} />
      ) : (
        tree.data && <SomePages files={tree.data} />
      )}
    </div>
  )
}

function HomePage({ path, files }: { path: string; files: TreeFile[] }) {
  const { org, space } = useSpace()
  const file = useQuery(fileQuery(org, space, path))
  const paths = useMemo(() => files.map((entry) => entry.path), [files])
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
      <Markdown text={page?.text ?? ''} context={{ org, space, path, paths }} />
    </section>
  )
}

function SomePages({ files }: { files: TreeFile[] }) {
  const { t } = useTranslation()
  const { org, space } = useSpace()
  const pages = files.filter((entry) => isPage(entry.path))
  if (pages.length === 0) return <p className="state empty">{t('space.noPages')}</p>
  return (
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
  )
}
