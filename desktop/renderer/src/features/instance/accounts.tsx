import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMe } from '../../app/session.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { DataTable } from '../../components/data-table.tsx'
import { Section } from '../../components/section.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { useUpdateAccount } from './mutations.ts'
import { NewAccount } from './new-account.tsx'
import { type Account, usersQuery } from './queries.ts'
import { SetPasswordDialog } from './set-password-dialog.tsx'

/**
 * Every account: its address and whether it is verified, active or not, super admin or not, a new
 * password for someone locked out, and a new account.
 */
export function Accounts() {
  const { t } = useTranslation()
  const me = useMe()
  const users = useQuery(usersQuery)
  const [deactivating, setDeactivating] = useState<Account | null>(null)
  const [givingPassword, setGivingPassword] = useState<Account | null>(null)
  const [wanted, setWanted] = useState<Record<string, boolean>>({})
  // Super admin rights are asked for first: a Space bar on the box gave them at once.
  const [promoting, setPromoting] = useState<Account | null>(null)
  const change = useUpdateAccount(() => {
    setDeactivating(null)
    setPromoting(null)
  })
  const setSuperadmin = (username: string, checked: boolean) => {
    // Shown at once; the list read again after saving confirms it (or an error undoes it).
    setWanted((current) => ({ ...current, [username]: checked }))
    change.mutate(
      { username, json: { is_superadmin: checked } },
      { onSettled: () => setWanted(({ [username]: _, ...others }) => others) },
    )
  }
  return (
    <Section id="instance-accounts" title={t('instance.accounts')}>
      {users.isPending && <Loading />}
      <ErrorNote error={users.error} onRetry={() => void users.refetch()} />
      {users.data && (
        <DataTable
          columns={[
            t('instance.username'),
            t('instance.name'),
            t('instance.email'),
            t('instance.active'),
            t('instance.superAdmin'),
          ]}
          actions={t('instance.actions')}
        >
          {users.data.map((account) => {
            const isMe = account.username === me.username
            const isSuperadmin = wanted[account.username] ?? account.is_superadmin
            // The row's buttons name whom they act on: a screen reader lists them out of their row.
            const name = account.display_name || account.username
            return (
              <tr key={account.username} className={account.is_active ? undefined : 'inactive'}>
                <td>{account.username}</td>
                <td className="wrap">{account.display_name}</td>
                <td className="wrap">
                  {account.email && (
                    <>
                      {account.email}{' '}
                      {account.email_verified ? (
                        <span className="badge verified">{t('instance.verified')}</span>
                      ) : (
                        <span className="badge stale">{t('instance.notVerified')}</span>
                      )}
                    </>
                  )}
                </td>
                <td className="wrap">
                  {account.is_active ? t('common.yes') : t('instance.deactivated')}
                  {account.must_change_password && (
                    <>
                      {' '}
                      <span className="badge">{t('instance.passwordToChange')}</span>
                    </>
                  )}
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('instance.superAdminOf', { name })}
                    checked={isSuperadmin}
                    disabled={isMe}
                    onChange={(event) => {
                      if (change.isPending) return
                      if (event.target.checked) setPromoting(account)
                      else setSuperadmin(account.username, false)
                    }}
                  />
                </td>
                <td>
                  {isMe ? (
                    <span className="muted small">{t('instance.you')}</span>
                  ) : (
                    <div className="row-actions">
                      <button
                        type="button"
                        aria-label={t('instance.setPasswordOf', { name })}
                        onClick={() => setGivingPassword(account)}
                      >
                        {t('instance.setPassword')}
                      </button>
                      {account.is_active ? (
                        <button
                          type="button"
                          className="danger"
                          aria-label={t('instance.deactivateOf', { name })}
                          onClick={() => setDeactivating(account)}
                        >
                          {t('instance.deactivate')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          aria-label={t('instance.reactivateOf', { name })}
                          disabled={change.isPending}
                          onClick={() =>
                            change.mutate({ username: account.username, json: { is_active: true } })
                          }
                        >
                          {t('instance.reactivate')}
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {deactivating === null && promoting === null && <ErrorNote error={change.error} />}
      <NewAccount />
      <SetPasswordDialog account={givingPassword} onClose={() => setGivingPassword(null)} />
      <ConfirmDialog
        title={t('instance.deactivateTitle')}
        open={deactivating !== null}
        onClose={() => {
          setDeactivating(null)
          change.reset()
        }}
        confirmLabel={t('instance.deactivate')}
        onConfirm={() =>
          deactivating && change.mutate({ username: deactivating.username, json: { is_active: false } })
        }
        pending={change.isPending}
        error={change.error}
      >
        {t('instance.deactivateText', { name: deactivating?.display_name || deactivating?.username })}
      </ConfirmDialog>
      <ConfirmDialog
        title={t('instance.promoteTitle')}
        open={promoting !== null}
        onClose={() => {
          setPromoting(null)
          change.reset()
        }}
        confirmLabel={t('instance.promote')}
        onConfirm={() => promoting && setSuperadmin(promoting.username, true)}
        pending={change.isPending}
        error={change.error}
      >
        {t('instance.promoteText', { name: promoting?.display_name || promoting?.username })}
      </ConfirmDialog>
    </Section>
  )
}
