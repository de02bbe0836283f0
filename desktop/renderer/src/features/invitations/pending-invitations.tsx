import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../components/data-table.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { formatDate } from '../../components/format.ts'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { orgSpacesQuery } from '../organization/queries.ts'
import { useCancelInvitation } from './mutations.ts'
import './invitations.css'
import { type PendingInvitation, pendingInvitationsQuery } from './queries.ts'

/** The organization's invitations waiting for an answer, each with `Cancel` (after a confirmation). */
export function PendingInvitations({ org }: { org: string }) {
  const { t, i18n } = useTranslation()
  const pending = useQuery(pendingInvitationsQuery(org))
  const spaces = useQuery(orgSpacesQuery(org))
  const [cancelling, setCancelling] = useState<PendingInvitation | null>(null)
  const cancel = useCancelInvitation(org, () => setCancelling(null))
  const spaceName = (slug: string) => spaces.data?.find((space) => space.slug === slug)?.name ?? slug
  const spacesOf = (invitation: PendingInvitation) =>
    invitation.org_role === 'admin'
      ? t('invitations.allSpaces')
      : Object.entries(invitation.spaces)
          .map(([slug, role]) =>
            t('invitations.spaceRole', { space: spaceName(slug), role: t(`common.roles.${role}`) }),
          )
          .join(', ') || t('invitations.none')

  return (
    <section className="pending-invitations" aria-labelledby="pending-invitations-title">
      <h3 id="pending-invitations-title">{t('invitations.pending')}</h3>
      {pending.isPending && <Loading />}
      <ErrorNote error={pending.error} onRetry={() => void pending.refetch()} />
      {pending.data?.length === 0 && <Empty>{t('invitations.noPending')}</Empty>}
      {pending.data && pending.data.length > 0 && (
        <DataTable
          columns={[
            t('invitations.address'),
            t('invitations.role'),
            t('invitations.spaces'),
            t('invitations.expires'),
            t('invitations.invitedBy'),
          ]}
          actions={t('invitations.actions')}
        >
          {pending.data.map((invitation) => (
            <tr key={invitation.id}>
              <td className="wrap">{invitation.email}</td>
              <td>{t(`common.roles.${invitation.org_role}`)}</td>
              <td className="wrap">{spacesOf(invitation)}</td>
              <td>{formatDate(invitation.expires_at, i18n.language)}</td>
              <td>{invitation.invited_by}</td>
              <td>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    cancel.reset()
                    setCancelling(invitation)
                  }}
                >
                  {t('invitations.cancel')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Dialog
        title={t('invitations.cancelTitle')}
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
      >
        <p>{t('invitations.cancelText', { email: cancelling?.email })}</p>
        <ErrorNote error={cancel.error} />
        <div className="toolbar">
          <button
            type="button"
            className="danger"
            disabled={cancel.isPending}
            onClick={() => cancelling && cancel.mutate(cancelling.id)}
          >
            {t('invitations.cancelConfirm')}
          </button>
          <button type="button" onClick={() => setCancelling(null)}>
            {t('invitations.keep')}
          </button>
        </div>
      </Dialog>
    </section>
  )
}
