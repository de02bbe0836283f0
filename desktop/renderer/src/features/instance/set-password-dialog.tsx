import { useTranslation } from 'react-i18next'
import { CopyField } from '../../components/copy-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { useSetPassword } from './mutations.ts'
import type { Account } from './queries.ts'

/**
 * Gives an account a new password the server draws: asked first (the old one stops working and its
 * sessions and tokens end), then shown this once, to hand to the person, who must choose their own
 * at the next sign-in.
 */
export function SetPasswordDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { t } = useTranslation()
  const set = useSetPassword()
  const name = account?.display_name || account?.username
  const close = () => {
    set.reset()
    onClose()
  }
  return (
    <Dialog title={t('instance.setPasswordTitle')} open={account !== null} onClose={close} wide>
      {set.data ? (
        <>
          <section className="given-password" aria-labelledby="given-password-title">
            <h3 id="given-password-title">{t('instance.newPasswordOf', { name })}</h3>
            <p className="warn">{t('instance.shownOnce')}</p>
            <CopyField label={t('instance.newPassword')} value={set.data.password} />
            <p className="hint">{t('instance.mustChangeNext')}</p>
          </section>
          <div className="toolbar">
            <button type="button" className="primary" onClick={close}>
              {t('instance.passwordHandedOver')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('instance.setPasswordText', { name })}</p>
          <ErrorNote error={set.error} />
          <div className="toolbar">
            <button
              type="button"
              className="danger"
              disabled={set.isPending}
              onClick={() => account && set.mutate(account.username)}
            >
              {t('instance.setPassword')}
            </button>
            <button type="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}
