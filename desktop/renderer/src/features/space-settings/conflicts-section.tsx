import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { ConflictMerge } from './conflict-merge.tsx'
import { type Choice, CONTENT, shownPath, useResolveConflicts } from './mutations.ts'
import { conflictsQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

type Side = { sha: string | null; text: string | null; deleted: boolean }

/** Whether both versions are text, and the file one the file API writes, so ours can be edited. */
function editable(conflict: { path: string; local: Side; remote: Side }): boolean {
  return conflict.path.startsWith(CONTENT) && conflict.local.text !== null && conflict.remote.text !== null
}

/**
 * Each conflicted file with both versions side by side; the admin keeps one, or edits ours beside
 * the remote's and keeps that, then resolves.
 */
export function ConflictsSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const conflicts = useQuery(conflictsQuery({ org, space }))
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const [edits, setEdits] = useState<Record<string, string>>({})
  useScrollToAnchor('conflicts', Boolean(conflicts.data))
  const resolve = useResolveConflicts(
    org,
    space,
    (file) => t('space-settings.conflicts.mergedMessage', { path: file }),
    () => {
      setChoices({})
      setEdits({})
    },
  )
  // Refused because a version moved on since it was shown: chosen again once looked at again.
  const failed = resolve.error
  useEffect(() => {
    if (!failed) return
    setChoices({})
    setEdits({})
  }, [failed])
  const chosen = Object.keys(choices).length
  const choose = (path: string, choice: Choice) => setChoices((all) => ({ ...all, [path]: choice }))
  return (
    <SettingsSection
      id="conflicts"
      title={t('space-settings.conflicts.title')}
      hint={t('space-settings.conflicts.hint')}
      wide
    >
      {conflicts.isPending && <Loading />}
      <ErrorNote error={conflicts.error} onRetry={() => void conflicts.refetch()} />
      {conflicts.data && (
        <Form onSubmit={() => resolve.mutate({ choices, edits })}>
          {conflicts.data.map((conflict) => {
            const canEdit = editable(conflict)
            return (
              // A version of the remote's new since shows afresh (the merge of two texts made again).
              <fieldset key={`${conflict.path}@${conflict.remote.sha}`} className="conflict">
                <legend>
                  <code>{shownPath(conflict.path)}</code>
                </legend>
                {canEdit ? (
                  <ConflictMerge
                    local={conflict.local.text ?? ''}
                    remote={conflict.remote.text ?? ''}
                    onEdit={(text) => {
                      setEdits((all) => ({ ...all, [conflict.path]: text }))
                      choose(conflict.path, 'edited')
                    }}
                  />
                ) : (
                  // Theirs first, ours beside it: the same order as the merge of two texts.
                  <div className="conflict-sides">
                    <SideView title={t('space-settings.conflicts.remote')} side={conflict.remote} />
                    <SideView title={t('space-settings.conflicts.local')} side={conflict.local} />
                  </div>
                )}
                <div className="toolbar">
                  {(canEdit ? (['local', 'remote', 'edited'] as const) : (['local', 'remote'] as const)).map(
                    (choice) => (
                      <label key={choice} className="inline">
                        <input
                          type="radio"
                          name={`conflict-${conflict.path}`}
                          checked={choices[conflict.path] === choice}
                          onChange={() => choose(conflict.path, choice)}
                        />
                        {t(`space-settings.conflicts.keep.${choice}`)}
                      </label>
                    ),
                  )}
                </div>
              </fieldset>
            )
          })}
          <SubmitBar
            error={resolve.error}
            pending={resolve.isPending}
            disabled={chosen === 0}
            label={t('space-settings.conflicts.resolve')}
          >
            <span className="hint">
              {t('space-settings.conflicts.chosen', { count: chosen, total: conflicts.data.length })}
            </span>
          </SubmitBar>
        </Form>
      )}
    </SettingsSection>
  )
}

/** Brings the section into view when the address names it, once it is there to scroll to. */
function useScrollToAnchor(id: string, ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash })
  const done = useRef(false)
  useEffect(() => {
    if (!ready || done.current || hash !== id) return
    done.current = true
    document.getElementById(id)?.scrollIntoView({ block: 'start' })
  }, [hash, id, ready])
}

function SideView({ title, side }: { title: string; side: Side }) {
  const { t } = useTranslation()
  return (
    <section className="conflict-side" aria-label={title}>
      <h3>{title}</h3>
      {side.deleted ? (
        <p className="muted">{t('space-settings.conflicts.deleted')}</p>
      ) : side.text === null ? (
        <p className="muted">{t('space-settings.conflicts.notText')}</p>
      ) : (
        <pre>{side.text}</pre>
      )}
    </section>
  )
}
