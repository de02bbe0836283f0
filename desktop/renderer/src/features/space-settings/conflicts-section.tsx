import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { Form } from '../../components/form.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { conflictsQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

type Choice = 'local' | 'remote'
type Side = { sha: string | null; text: string | null; deleted: boolean }

/** Each conflicted file with both versions side by side; the admin keeps one, then resolves. */
export function ConflictsSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const param = { org, space }
  const conflicts = useQuery(conflictsQuery(param))
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const resolve = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].spaces[':space'].git.conflicts.resolve.$post({ param, json: { choices } }),
      ),
    onSuccess: async () => {
      setChoices({})
      await client.invalidateQueries({
        predicate: ({ queryKey: [kind, o, s] }) => o === org && s === space && kind !== 'space',
      })
    },
  })
  const chosen = Object.keys(choices).length
  return (
    <SettingsSection
      title={t('space-settings.conflicts.title')}
      hint={t('space-settings.conflicts.hint')}
      wide
    >
      {conflicts.isPending && <Loading />}
      <ErrorNote error={conflicts.error} onRetry={() => void conflicts.refetch()} />
      {conflicts.data && (
        <Form onSubmit={() => resolve.mutate()}>
          {conflicts.data.map((conflict) => (
            <fieldset key={conflict.path} className="conflict">
              <legend>
                <code>{conflict.path}</code>
              </legend>
              <div className="conflict-sides">
                <SideView title={t('space-settings.conflicts.local')} side={conflict.local} />
                <SideView title={t('space-settings.conflicts.remote')} side={conflict.remote} />
              </div>
              <div className="toolbar">
                {(['local', 'remote'] as const).map((choice) => (
                  <label key={choice} className="inline">
                    <input
                      type="radio"
                      name={`conflict-${conflict.path}`}
                      checked={choices[conflict.path] === choice}
                      onChange={() => setChoices((all) => ({ ...all, [conflict.path]: choice }))}
                    />
                    {t(`space-settings.conflicts.keep.${choice}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
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
