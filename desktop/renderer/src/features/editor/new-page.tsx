import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Loading } from '../../components/states.tsx'
import { useSpace } from '../space/queries.ts'
import { draftKey, readDraft } from './drafts.ts'
import { PageEditor } from './page-editor.tsx'
import { cleanPath, pagePath } from './page-paths.ts'

/** `/s/$org/$space/new?folder=` or `?path=`: a path and the editor; `Create` makes the page, never over another. */
export function NewPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { org, space, canWrite } = useSpace()
  // `path`: the page a link leads to, not written yet; `folder`: where the person was in the tree.
  const { folder, path: wanted } = useSearch({ strict: false }) as { folder?: string; path?: string }
  const prefix = folder ? `${cleanPath(folder).replace(/\/+$/, '')}/`.replace(/^\/$/, '') : ''
  const start = wanted ? pagePath(wanted) : prefix
  const key = draftKey(org, space, `new:${start}`)
  const [draft] = useState(() => readDraft(key))
  const [typed, setTyped] = useState(draft?.path ?? start)
  const path = pagePath(typed)

  if (!canWrite) return <p className="state">{t('editor.cannotWrite')}</p>
  if (!org) return <Loading />
  return (
    <article className="edit-page">
      <h1>{t('editor.newTitle')}</h1>
      <PageEditor
        org={org}
        space={space}
        path={path}
        initial={draft?.text ?? ''}
        pristine=""
        baseSha=""
        initialMessage={draft?.message ?? ''}
        draftKey={key}
        isNew
        submitLabel={t('common.create')}
        before={
          <div className="new-path">
            <label>
              {t('editor.path')}
              <input
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                aria-describedby="new-path-hint"
                autoComplete="off"
                spellCheck={false}
                required
              />
            </label>
            <p id="new-path-hint" className="hint">
              {t('editor.pathHint')}
            </p>
          </div>
        }
        checkPath={() => (path === '' || path.endsWith('/') ? t('editor.pathRequired') : undefined)}
        onSaved={(saved) =>
          void navigate({ to: '/s/$org/$space/page/$', params: { org, space, _splat: saved } })
        }
        onCancel={() => void navigate({ to: '/s/$org/$space', params: { org, space } })}
      />
    </article>
  )
}
