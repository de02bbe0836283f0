import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { useMe } from '../../app/session.ts'
import { Dialog } from '../../components/dialog.tsx'
import { Done } from '../../components/done.tsx'
import { Section } from '../../components/section.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { membersQuery } from './queries.ts'

type Role = 'admin' | 'member'
type Member = { username: string; display_name: string; role: Role }

/** The organization's members: their role, removal, and adding someone by username. */
export function OrgMembers({ org }: { org: string }) {
  const { t } = useTranslation()
  const me = useMe()
  const client = useQueryClient()
  const members = useQuery(membersQuery(org))
  const [removing, setRemoving] = useState<Member | null>(null)
  const refresh = () => client.invalidateQueries({ queryKey: membersQuery(org).queryKey })
  const setRole = useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      ok(api.organizations[':org'].members[':username'].$put({ param: { org, username }, json: { role } })),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (username: string) =>
      ok(api.organizations[':org'].members[':username'].$delete({ param: { org, username } })),
    onSuccess: () => {
      setRemoving(null)
      void client.invalidateQueries({ queryKey: ['organization', org, 'spaces'] })
    },
    onSettled: refresh,
  })

  return (
    <Section id="org-members" title={t('organization.members')}>
      {members.isPending && <Loading />}
      <ErrorNote error={members.error} onRetry={() => void members.refetch()} />
      {members.data?.length === 0 && <Empty>{t('organization.noMembers')}</Empty>}
      {members.data && members.data.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('organization.person')}</th>
                <th scope="col">{t('organization.role')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('organization.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.map((member) => (
                <tr key={member.username}>
                  <td className="wrap">
                    {member.display_name}{' '}
                    <span className="muted small">
                      {member.username}
                      {member.username === me.username && ` · ${t('organization.you')}`}
                    </span>
                  </td>
                  <td>
                    <select
                      aria-label={t('organization.roleOf', { name: member.display_name || member.username })}
                      value={member.role}
                      disabled={setRole.isPending}
                      onChange={(event) =>
                        setRole.mutate({ username: member.username, role: event.target.value as Role })
                      }
                    >
                      <option value="admin">{t('common.roles.admin')}</option>
                      <option value="member">{t('common.roles.member')}</option>
                    </select>
                  </td>
                  <td>
                    <button type="button" className="danger" onClick={() => setRemoving(member)}>
                      {t('organization.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNote error={setRole.error} />
      <AddMember org={org} onAdded={refresh} />
      <Dialog
        title={t('organization.removeTitle')}
        open={removing !== null}
        onClose={() => {
          setRemoving(null)
          remove.reset()
        }}
      >
        <p>{t('organization.removeText', { name: removing?.display_name || removing?.username, org })}</p>
        <ErrorNote error={remove.error} />
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => removing && remove.mutate(removing.username)}
          >
            {t('organization.remove')}
          </button>
          <button type="button" onClick={() => setRemoving(null)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
    </Section>
  )
}

/** Adds an existing account to the organization, or changes its role. */
function AddMember({ org, onAdded }: { org: string; onAdded: () => void }) {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<Role>('member')
  const add = useMutation({
    mutationFn: () =>
      ok(
        api.organizations[':org'].members[':username'].$put({
          param: { org, username: username.trim().toLowerCase() },
          json: { role },
        }),
      ),
    onSuccess: () => {
      setUsername('')
      onAdded()
    },
  })
  return (
    <form
      className="inline-form"
      aria-label={t('organization.addMember')}
      onSubmit={(event) => {
        event.preventDefault()
        add.mutate()
      }}
    >
      <h3>{t('organization.addMember')}</h3>
      <div className="fields">
        <label>
          {t('organization.username')}
          <input
            required
            autoComplete="off"
            value={username}
            onChange={(event) => {
              setUsername(event.target.value)
              add.reset()
            }}
          />
        </label>
        <SelectField
          label={t('organization.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        >
          <option value="member">{t('common.roles.member')}</option>
          <option value="admin">{t('common.roles.admin')}</option>
        </SelectField>
        <button type="submit" disabled={add.isPending}>
          {t('organization.addMember')}
        </button>
      </div>
      <p className="hint">{t('organization.addMemberHint')}</p>
      <ErrorNote error={add.error} />
      {add.isSuccess && <Done>{t('organization.memberAdded', { name: add.data.display_name })}</Done>}
    </form>
  )
}
