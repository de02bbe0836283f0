import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, ok } from '../../app/api.ts'
import { AddMemberForm } from '../../components/add-member-form.tsx'
import { MembersTable } from '../../components/members-table.tsx'
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
  return (
    <SettingsSection title={t('space-settings.members.title')} hint={t('space-settings.members.hint')}>
      {members.isPending && <Loading />}
      <ErrorNote error={members.error} onRetry={() => void members.refetch()} />
      {members.data?.length === 0 && <Empty>{t('space-settings.members.none')}</Empty>}
      {members.data && members.data.length > 0 && (
        <MembersTable
          className="settings-table"
          members={members.data}
          roles={ROLES}
          headings={{
            person: t('space-settings.members.person'),
            role: t('space-settings.members.role'),
            actions: t('space-settings.members.actions'),
          }}
          person={(m) => (
            <>
              {m.display_name || m.username} <span className="muted small">@{m.username}</span>
            </>
          )}
          roleLabel={(m) => t('space-settings.members.roleOf', { name: m.username })}
          removeLabel={t('space-settings.members.remove')}
          onRole={(m, role) => setRoleOf.mutate({ username: m.username, role })}
          onRemove={(m) => remove.mutate(m.username)}
          removeDisabled={remove.isPending}
        />
      )}
      <ErrorNote error={setRoleOf.error ?? remove.error} />
      <AddMemberForm
        title={t('space-settings.members.add')}
        usernameLabel={t('space-settings.members.username')}
        roleLabel={t('space-settings.members.role')}
        roles={ROLES}
        initialRole="reader"
        add={async (username, role) => {
          await ok(member.$put({ param: { ...param, username }, json: { role } }))
          await refresh()
        }}
      />
    </SettingsSection>
  )
}
