import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fileNameFromTitle } from '#shared/domain/title-file-name.ts'
import { useDocumentTitle } from '../../app/document-title.ts'
import { errorMessage, Loading } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { titleOf } from '../space/tree-model.ts'
import { NewPageFields, useFirstWrite } from '../writing/new-page-fields.tsx'
import { startingText, templatesQuery } from '../writing/templates.ts'
import { DraftNotice } from './draft-notice.tsx'
import { clearDraft, draftKey, readDraft } from './drafts.ts'
import { PageEditor } from './page-editor.tsx'
import { cleanPath, pagePath } from './page-paths.ts'

/** A level-one heading line: a new page's text starts with its title (see startingText). */
const HEADING_LINE = /^#[ \t]+(.+?)[ \t]*$/m

/**
 * `/s/$org/$space/new?folder=` or `?path=`: a new page named by its title (its file name follows the
 * title in the folder being looked at, until the path is changed by hand), started from a template
 * of the space if one is chosen, then the editor; `Create` makes the page, never over another.
 */
export function NewPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { org, space, canWrite, details } = useSpace()
  useDocumentTitle(t('common.titles.newPage'), details.name)
  // `path`: the page a link leads to, not written yet; `folder`: where the person was in the tree.
  const search = useSearch({ strict: false }) as { folder?: string; path?: string; title?: string }
  const { folder, path: wanted } = search
  const prefix = folder ? `${cleanPath(folder).replace(/\/+$/, '')}/`.replace(/^\/$/, '') : ''
  const start = wanted ? pagePath(wanted) : prefix
  const key = draftKey(org, space, `new:${start}`)
  const [draft, setDraft] = useState(() => readDraft(key))
  // A link's missing page starts from the link's name, else from its file name (`deploy-guide.md`);
  // a page written before and kept as a draft, from its text's heading.
  const firstTitle = () => search.title ?? (wanted ? titleOf({ path: wanted }) : '')
  const draftTitle = draft ? HEADING_LINE.exec(draft.text)?.[1] : undefined
  const [title, setTitle] = useState(() => draftTitle ?? firstTitle())
  // The path as typed by hand; until then it follows the title (a link's missing page keeps its own).
  const firstPath = wanted ? start : undefined
  const draftFollowsTitle = draft?.path === `${prefix}${fileNameFromTitle(draftTitle ?? '')}`
  const [typedPath, setTypedPath] = useState<string | undefined>(
    draft?.path !== undefined && !draftFollowsTitle ? draft.path : firstPath,
  )
  const [templateName, setTemplateName] = useState('')
  // The text the editor started from when the person first wrote in it (a restored draft counts).
  const [writtenFrom, setWrittenFrom] = useState<string | undefined>(draft?.text)
  const templates = useQuery({ ...templatesQuery(org, space), enabled: canWrite && org !== '' })
  const template = templates.data?.find((choice) => choice.name === templateName)
  const starting = startingText(title, template)
  const initial = writtenFrom ?? starting
  const typed = typedPath ?? `${prefix}${fileNameFromTitle(title)}`
  const path = pagePath(typed)
  const editorArea = useRef<HTMLDivElement>(null)
  useFirstWrite(editorArea, () => setWrittenFrom((written) => written ?? starting))
  const discard = () => {
    clearDraft(key)
    setDraft(undefined)
    setTitle(firstTitle())
    setTypedPath(firstPath)
    setWrittenFrom(undefined)
  }

  if (!canWrite) return <p className="state">{t('editor.cannotWrite')}</p>
  if (!org) return <Loading />
  return (
    <article className="edit-page">
      <h1>{t('editor.newTitle')}</h1>
      <NewPageFields
        title={title}
        onTitle={setTitle}
        path={typed}
        pathLabel={t('editor.path')}
        pathHint={t('editor.pathHint')}
        onPath={setTypedPath}
        templates={templates.data ?? []}
        template={templateName}
        onTemplate={setTemplateName}
        isWritten={writtenFrom !== undefined}
        focusTitle={!wanted && !draft}
      />
      {/* Templates only help: a list that could not be read is said, and the page is written all the same. */}
      {templates.isError && (
        <p className="hint">
          {t('writing.newPage.templatesFailed', { reason: errorMessage(templates.error, t) })}
        </p>
      )}
      <div ref={editorArea}>
        {/* Until the person writes in it, the editor starts over from each new title or template. */}
        <PageEditor
          key={initial}
          org={org}
          space={space}
          path={path}
          initial={initial}
          // Its starting text (a heading, a template) is nobody's writing: no draft is kept of it.
          pristine={starting}
          baseSha=""
          initialMessage={draft?.message ?? ''}
          draftKey={key}
          notice={
            draft && (
              <DraftNotice
                text={t('editor.newDraftRestored')}
                discard={t('editor.discardNewDraft')}
                onDiscard={discard}
              />
            )
          }
          isNew
          title={title}
          submitLabel={t('common.create')}
          // Nothing written in the title yet: that is what the person is asked for, not a path.
          checkPath={() =>
            path === '' || path.endsWith('/')
              ? t(title.trim() === '' ? 'editor.titleRequired' : 'editor.pathRequired')
              : undefined
          }
          // Ctrl/Cmd+S creates the page and goes on in its editor: people press it to keep what they
          // wrote, not to be done with the page.
          onSaved={(saved, how) =>
            void navigate({
              to: how.byShortcut ? '/s/$org/$space/edit/$' : '/s/$org/$space/page/$',
              params: { org, space, _splat: saved },
            })
          }
          onCancel={() => void navigate({ to: '/s/$org/$space', params: { org, space } })}
        />
      </div>
    </article>
  )
}
