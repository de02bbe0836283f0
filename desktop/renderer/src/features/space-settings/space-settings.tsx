import { useTranslation } from 'react-i18next'
import { NotFound } from '../../components/states.tsx'
import { runsOnDesktop } from '../desktop/desktop-api.ts'
import { useSpace } from '../space/queries.ts'
import { CredentialsSection } from './credentials-section.tsx'
import { GeneralSection } from './general-section.tsx'
import { MeaningSection } from './meaning-section.tsx'
import { MembersSection } from './members-section.tsx'
import { PurposeSection } from './purpose-section.tsx'
import { RemoteSection } from './remote-section.tsx'
import './space-settings.css'
import { SyncSection } from './sync-section.tsx'
import { TidySettingsSection } from './tidy-settings-section.tsx'
import { WebhookSection } from './webhook-section.tsx'

/** A space's settings, for its admins: each part its own form, saved on its own. */
export function SpaceSettings() {
  const { t } = useTranslation()
  const { org, space, isAdmin } = useSpace()
  // Others learn nothing of the settings, as for an address that does not exist.
  if (!isAdmin) return <NotFound />
  const props = { org, space }
  // The desktop is one person's, and no Git host can call it: no members, no webhook to give.
  const isShared = !runsOnDesktop()
  return (
    <div className="space-settings">
      <h1>{t('space-settings.title')}</h1>
      <div className="settings-grid">
        <GeneralSection />
        {isShared && <MembersSection {...props} />}
        <RemoteSection />
        <CredentialsSection {...props} />
        {isShared && <WebhookSection {...props} />}
        <SyncSection {...props} />
        <PurposeSection {...props} kind="vocation" />
        <PurposeSection {...props} kind="tidy-rules" />
        <TidySettingsSection {...props} />
        <MeaningSection {...props} />
      </div>
    </div>
  )
}
