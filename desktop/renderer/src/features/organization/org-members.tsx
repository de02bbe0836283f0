import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { AddMemberForm } from '../../components/add-member-form.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { MembersTable } from '../../components/members-table.tsx'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { InvitePeople } from '../invitations/invite-people.tsx'
import { PendingInvitations } from '../invitations/pending-invitations.tsx'
import { useAddOrgMember, useRemoveOrgMember, useSetOrgMemberRole } from './mutations.ts'
import { membersQuery } from './queries.ts'

type Role = 'admin' | 'member'
type Member = { username: string; display_name: string; role: Role }

/**
 * The organization's members: their role and removal, invitations by e-mail (and those still
 * pending), and adding someone who already has an account by username.
 */
export function OrgMembers({ org, orgName }: { org: string; orgName: string }) {
  const { t } = useTranslation()
  const me = useMe()
  const members = useQuery(membersQuery(org))
  const [removing, setRemoving] = useState<Member | null>(null)
  const setRole = useSetOrgMemberRole(org)
  const remove = useRemoveOrgMember(org, () => setRemoving(null))
  const add = useAddOrgMember(org)

  return (
    <Section id="org-members" title={t('organization.members')}>
      {members.isPending && <Loading />}
      <ErrorNote error={members.error} onRetry={() => void members.refetch()} />
      {members.data?.length === 0 && <Empty>{t('organization.noMembers')}</Empty>}
      {members.data && members.data.length > 0 && (
        <MembersTable
          members={members.data}
          roles={['admin', 'member']}
          headings={{
            person: t('organization.person'),
            role: t('organization.role'),
            actions: t('organization.actions'),
          }}
          person={(m) => (
            <>
              {m.display_name}{' '}
              <span className="muted small">
                {m.username}
                {m.username === me.username && ` · ${t('organization.you')}`}
              </span>
            </>
          )}
          roleLabel={(m) => t('organization.roleOf', { name: m.display_name || m.username })}
          name={(m) => m.display_name || m.username}
          removeLabel={t('organization.remove')}
          onRole={(m, role) => setRole.mutate({ username: m.username, role })}
          onRemove={setRemoving}
          roleDisabled={setRole.isPending}
        />
      )}
      <ErrorNote error={setRole.error} />
      <div className="toolbar section-actions">
        <InvitePeople org={org} />
      </div>
      <PendingInvitations org={org} />
      <AddMemberForm
        title={t('organization.addMember')}
        usernameLabel={t('organization.username')}
        roleLabel={t('organization.role')}
        roles={['member', 'admin']}
        initialRole="member"
        hint={t('organization.addMemberHint')}
        add={add}
        members={members.data}
        done={(added) => t('organization.memberAdded', { name: added.display_name })}
      />
      <ConfirmDialog
        title={t('organization.removeTitle')}
        open={removing !== null}
        onClose={() => {
          setRemoving(null)
          remove.reset()
        }}
        confirmLabel={t('organization.remove')}
        onConfirm={() => removing && remove.mutate(removing.username)}
        pending={remove.isPending}
        error={remove.error}
      >
        {t('organization.removeText', { name: removing?.display_name || removing?.username, org: orgName })}
      </ConfirmDialog>
    </Section>
  )
}
