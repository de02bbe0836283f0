import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../app/document-title.ts'
import { useMe } from '../../app/session.ts'
import { useDesktop } from '../desktop/use-desktop.ts'
import { EmailAddress } from './email-address.tsx'
import { PasswordForm } from './password-form.tsx'
import { ProfileForm } from './profile-form.tsx'
import { Tokens } from './tokens.tsx'
import '../organization/organization.css'
import './account.css'

/**
 * The signed-in person's account: name and language, address, password, personal tokens. The
 * desktop's one person signs in with no password and gets no mail: name, language and tokens only.
 */
export function AccountPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('common.nav.account'))
  const me = useMe()
  const desktop = useDesktop()
  return (
    <div className="admin-page">
      <h1>{t('account.title')}</h1>
      <p className="muted small">
        {me.username}
        {me.email && ` · ${me.email}`}
        {me.is_superadmin && !desktop && ` · ${t('common.roles.superadmin')}`}
      </p>
      <ProfileForm />
      {!desktop && <EmailAddress />}
      {!desktop && <PasswordForm />}
      <Tokens />
    </div>
  )
}
