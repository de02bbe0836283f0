import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { membersQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

const ROLES = ['reader', 'contributor'] as const
type Role = (typeof ROLES)[number]

/** Who reads or writes the space (organization admins administer it without being listed). */
export function MembersSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const param = { org, space }
  const members = useQuery(membersQuery(param))
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<Role>('reader')
  const refresh = () => client.invalidateQueries({ queryKey: ['space-members', org, space] })
  const member = api.organizations[':org'].spaces[':space'].members[':username']
  const setRoleOf = useMutation({
    mutationFn: (change: { username: string; role: Role }) =>
      ok(member.$put({ param: { ...param, username: change.username }, json: { role: change.role } })),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (who: string) => ok(member.$delete({ param: { ...param, username: who } })),
    onSettled: refresh,
  })
  const add = useMutation({
    mutationFn: () => ok(member.$put({ param: { ...param, username: username.trim() }, json: { role } })),
    onSuccess: async () => {
      setUsername('')
      await refresh()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate()
  }
  return (
    <SettingsSection title={t('space-settings.members.title')} hint={t('space-settings.members.hint')}>
      {members.isPending && <Loading />}
      <ErrorNote error={members.error} onRetry={() => void members.refetch()} />
      {members.data?.length === 0 && <Empty>{t('space-settings.members.none')}</Empty>}
      {members.data && members.data.length > 0 && (
        <div className="settings-table">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('space-settings.members.person')}</th>
                <th scope="col">{t('space-settings.members.role')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('space-settings.members.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((m) => (
                <tr key={m.username}>
                  <td>
                    {m.display_name || m.username} <span className="muted small">@{m.username}</span>
                  </td>
                  <td>
                    <select
                      aria-label={t('space-settings.members.roleOf', { name: m.username })}
                      value={m.role}
                      onChange={(e) =>
                        setRoleOf.mutate({ username: m.username, role: e.target.value as Role })
                      }
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`common.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => remove.mutate(m.username)}
                      disabled={remove.isPending}
                    >
                      {t('space-settings.members.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNote error={setRoleOf.error ?? remove.error} />
      <form onSubmit={submit} className="settings-add">
        <h3>{t('space-settings.members.add')}</h3>
        <div className="settings-row">
          <label>
            {t('space-settings.members.username')}
            <input
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              required
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <label>
            {t('space-settings.members.role')}
            {/* Named by the word alone, not also by the chosen option. */}
            <select
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              aria-label={t('space-settings.members.role')}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`common.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNote error={add.error} />
        <button type="submit" className="primary" disabled={add.isPending}>
          {t('space-settings.members.add')}
        </button>
      </form>
    </SettingsSection>
  )
}
