import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { AddMemberForm } from '../../components/add-member-form.tsx'
import { MembersTable } from '../../components/members-table.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useAddSpaceMember, useRemoveSpaceMember, useSetSpaceMemberRole } from './mutations.ts'
import { membersQuery } from './queries.ts'
import { SettingsSection } from './section.tsx'

const ROLES = ['reader', 'contributor'] as const

/** Who reads or writes the space (organization admins administer it without being listed). */
export function MembersSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const members = useQuery(membersQuery({ org, space }))
  const setRoleOf = useSetSpaceMemberRole(org, space)
  const remove = useRemoveSpaceMember(org, space)
  const add = useAddSpaceMember(org, space)
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
          name={(m) => m.display_name || m.username}
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
        add={add}
        members={members.data}
      />
    </SettingsSection>
  )
}
