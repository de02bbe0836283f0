import { useDocumentTitle } from '../../app/document-title.ts'
import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { PageMarkdown } from '../../markdown/progressive-markdown.tsx'
import { PageActions } from '../editor/page-actions.tsx'
import { Breadcrumbs } from '../navigation/breadcrumbs.tsx'
import { FavouriteButton } from '../navigation/favourite-button.tsx'
import { useSections } from '../navigation/headings.ts'
import { LinkedFrom } from '../navigation/linked-from.tsx'
import { useRecordView } from '../navigation/mutations.ts'
import { TableOfContents } from '../navigation/table-of-contents.tsx'
import { VerifyButton } from '../quality/verify-dialog.tsx'
import { FileDetails } from './file-details.tsx'
import { FreshnessLine } from './freshness-line.tsx'
import { splitTitle } from './page-title.ts'
import { type FileRead, fileQuery, useFilePath, useLinkPaths, useSpace } from './queries.ts'
import { RelatedPages } from './related-pages.tsx'
import { baseNameOf, isPage } from './tree-model.ts'

/** How often a page in sight is read again, for the changes others commit meanwhile. */
const PAGE_REREAD_MS = 15_000

/**
 * A file of the space: a page rendered with where it sits, its freshness, its sections and the pages
 * around it, or another file's details. Showing a page records it among the person's viewed pages.
 */
export function PageView() {
  const { org, space } = useSpace()
  const path = useFilePath()
  // Read again while the tab is in sight: what others write shows without a reload (a page that
  // could not be read is not asked for again and again).
  const file = useQuery({
    ...fileQuery(org, space, path),
    refetchInterval: (query) => (query.state.data ? PAGE_REREAD_MS : false),
  })
  if (file.isPending) return <Loading />
  if (file.error instanceof ApiError && file.error.status === 404) return <MissingFile path={path} />
  // A read again that failed (a server restarting) leaves the page shown as it was.
  if (file.isError && !file.data) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  return <FileScreen file={file.data} />
}

/**
 * A link to a page nobody wrote yet: people who can write are offered to create it there, readers are
 * told it does not exist. Other files (an image, a PDF) are not made in the editor.
 */
function MissingFile({ path }: { path: string }) {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const { title } = useSearch({ strict: false }) as { title?: string }
  const wouldBePage = isPage(path) || !baseNameOf(path).includes('.')
  if (!canWrite || !wouldBePage) return <NotFound />
  return (
    <div className="state not-found">
      <p>{t('space.missingPage')}</p>
      <Link
        to="/s/$org/$space/new"
        params={{ org, space }}
        search={{ path, ...(title ? { title } : {}) }}
        className="button primary"
      >
        {t('space.createPage')}
      </Link>
    </div>
  )
}

function FileScreen({ file }: { file: FileRead }) {
  const { t } = useTranslation()
  const { org, space, details, canWrite } = useSpace()
  const isMarkdown = file.kind === 'markdown'
  // Links to files of the space resolve against its every path, read (once, then cached) only for a page with some.
  const paths = useLinkPaths(org, space, isMarkdown ? file.text : undefined)
  const page = useMemo(
    () => (isMarkdown ? splitTitle(file.path, file.text) : { title: baseNameOf(file.path), text: '' }),
    [isMarkdown, file.path, file.text],
  )
  const place = useMemo(
    () => ({ org, space, space_name: details.name, path: file.path, title: page.title }),
    [org, space, details.name, file.path, page.title],
  )
  useRecordView(isMarkdown ? place : undefined)
  useDocumentTitle(page.title, details.name)
  return (
    <article className="page-view">
      <header className="page-head">
        <Breadcrumbs path={file.path} title={page.title} />
        <h1>{page.title}</h1>
        {file.freshness && <FreshnessLine freshness={file.freshness} />}
        <div className="toolbar">
          <Link to="/s/$org/$space/history/$" params={{ org, space, _splat: file.path }}>
            {t('space.history')}
          </Link>
          {isMarkdown && <FavouriteButton page={place} />}
          {canWrite && (
            <PageActions org={org} space={space} path={file.path} sha={file.sha} isMarkdown={isMarkdown} />
          )}
          {canWrite && isMarkdown && <VerifyButton org={org} space={space} path={file.path} />}
        </div>
      </header>
      {isMarkdown ? (
        <PageBody org={org} space={space} path={file.path} text={page.text} paths={paths} />
      ) : (
        <FileDetails org={org} space={space} file={file} />
      )}
      <p className="page-path small muted">{t('navigation.path', { path: file.path })}</p>
    </article>
  )
}

/** A page's rendered text, with its table of contents, the pages linking to it and related pages beside. */
function PageBody(props: { org: string; space: string; path: string; text: string; paths?: string[] }) {
  const { org, space, path, text, paths } = props
  const body = useRef<HTMLDivElement>(null)
  // A long page is shown in steps: its table of contents is read again at each.
  const [shown, setShown] = useState(0)
  const onShown = useCallback(() => setShown((count) => count + 1), [])
  const sections = useSections(body, text, shown)
  return (
    <div className="page-layout">
      <div ref={body} className="page-body">
        <PageMarkdown key={path} text={text} context={{ org, space, path, paths }} onShown={onShown} />
      </div>
      <div className="page-side">
        <TableOfContents sections={sections} />
        <LinkedFrom org={org} space={space} path={path} />
        <RelatedPages org={org} space={space} path={path} />
      </div>
    </div>
  )
}
