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
import { baseNameOf } from './tree-model.ts'

/** A file of the space: a page rendered with its freshness and related pages, or another file's details. */
export function PageView() {
  const { org, space } = useSpace()
  const path = useFilePath()
  const file = useQuery(fileQuery(org, space, path))
  if (file.isPending) return <Loading />
  if (file.error instanceof ApiError && file.error.status === 404) return <NotFound />
  if (file.isError) return <ErrorNote error={file.error} onRetry={() => void file.refetch()} />
  return <FileScreen file={file.data} />
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
