import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { Form } from '../../components/form.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { readEditable, saveFile } from '../editor/file-api.ts'
import { ConflictMerge } from './conflict-merge.tsx'
import { conflictsQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

/** Keep our version, the remote's, or ours as edited beside the remote's. */
type Choice = 'local' | 'remote' | 'edited'
type Side = { sha: string | null; text: string | null; deleted: boolean }

/** Where pages live in a space's repository; the file API takes paths below it. */
const CONTENT = 'content/'

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
  const client = useQueryClient()
  const param = { org, space }
  const conflicts = useQuery(conflictsQuery(param))
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const [edits, setEdits] = useState<Record<string, string>>({})
  useScrollToAnchor('conflicts', Boolean(conflicts.data))
  const resolve = useMutation({
    mutationFn: async () => {
      // An edited version is ours kept first, then written over it as a change of its own.
      const sent = Object.fromEntries(
        Object.entries(choices).map(([path, choice]) => [path, choice === 'edited' ? 'local' : choice]),
      ) as Record<string, 'local' | 'remote'>
      await ok(
        api.organizations[':org'].spaces[':space'].git.conflicts.resolve.$post({
          param,
          json: { choices: sent },
        }),
      )
      for (const [path, choice] of Object.entries(choices)) {
        if (choice !== 'edited') continue
        const file = path.slice(CONTENT.length)
        const current = await readEditable(org, space, file)
        const content = edits[path] ?? current?.text ?? ''
        if (current?.text === content) continue
        await saveFile(org, space, file, {
          content,
          message: t('space-settings.conflicts.mergedMessage', { path: file }),
          baseSha: current?.sha ?? '',
        })
      }
    },
    onSettled: async (_data, error) => {
      if (!error) {
        setChoices({})
        setEdits({})
      }
      await client.invalidateQueries({
        predicate: ({ queryKey: [kind, o, s] }) => o === org && s === space && kind !== 'space',
      })
    },
  })
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
        <Form onSubmit={() => resolve.mutate()}>
          {conflicts.data.map((conflict) => {
            const canEdit = editable(conflict)
            return (
              <fieldset key={conflict.path} className="conflict">
                <legend>
                  <code>{conflict.path}</code>
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
                  <div className="conflict-sides">
                    <SideView title={t('space-settings.conflicts.local')} side={conflict.local} />
                    <SideView title={t('space-settings.conflicts.remote')} side={conflict.remote} />
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
