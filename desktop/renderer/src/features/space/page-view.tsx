import './space.css'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../app/api.ts'
import { ErrorNote, Loading, NotFound } from '../../components/states.tsx'
import { Markdown } from '../../markdown/markdown.tsx'
import { PageActions } from '../editor/page-actions.tsx'
import { VerifyButton } from '../quality/verify-dialog.tsx'
import { FileDetails } from './file-details.tsx'
import { FreshnessLine } from './freshness-line.tsx'
import { splitTitle } from './page-title.ts'
import { type FileRead, fileQuery, treeQuery, useFilePath, useSpace } from './queries.ts'
import { RelatedPages } from './related-pages.tsx'
import { baseNameOf, isPage } from './tree-model.ts'

/** A file of the space: a page rendered with its freshness and related pages, or another file's details. */
export function PageView() {
  const { org, space } = useSpace()
  const path = useFilePath()
  const file = useQuery(fileQuery(org, space, path))
  if (file.isPending) return <Loading />
  if (file.error instanceof ApiError && file.error.status === 404) return <MissingFile path={path} />
  if (file.isError) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  return <FileScreen file={file.data} />
}

/**
 * A link to a page nobody wrote yet: people who can write are offered to create it there, readers are
 * told it does not exist. Other files (an image, a PDF) are not made in the editor.
 */
function MissingFile({ path }: { path: string }) {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  const wouldBePage = isPage(path) || !baseNameOf(path).includes('.')
  if (!canWrite || !wouldBePage) return <NotFound />
  return (
    <div className="state not-found">
      <p>{t('space.missingPage')}</p>
      <Link to="/s/$org/$space/new" params={{ org, space }} search={{ path }} className="button primary">
        {t('space.createPage')}
      </Link>
    </div>
  )
}

function FileScreen({ file }: { file: FileRead }) {
  const { t } = useTranslation()
  const { org, space, canWrite } = useSpace()
  // The tree is cached once for the space: wiki links resolve against it without another request.
  const tree = useQuery(treeQuery(org, space))
  const paths = useMemo(() => tree.data?.map((entry) => entry.path), [tree.data])
  const isMarkdown = file.kind === 'markdown'
  const page = useMemo(
    () => (isMarkdown ? splitTitle(file.path, file.text) : { title: baseNameOf(file.path), text: '' }),
    [isMarkdown, file.path, file.text],
  )
  return (
    <article className="page-view">
      <header className="page-head">
        <h1>{page.title}</h1>
        <p className="page-path small muted">{file.path}</p>
        {file.freshness && <FreshnessLine freshness={file.freshness} />}
        <div className="toolbar">
          <Link to="/s/$org/$space/history/$" params={{ org, space, _splat: file.path }}>
            {t('space.history')}
          </Link>
          {canWrite && (
            <PageActions org={org} space={space} path={file.path} sha={file.sha} isMarkdown={isMarkdown} />
          )}
          {canWrite && isMarkdown && <VerifyButton org={org} space={space} path={file.path} />}
        </div>
      </header>
      {isMarkdown ? (
        <div className="page-layout">
          <Markdown text={page.text} context={{ org, space, path: file.path, paths }} />
          <RelatedPages org={org} space={space} path={file.path} />
        </div>
      ) : (
        <FileDetails org={org} space={space} file={file} />
      )}
    </article>
  )
}
