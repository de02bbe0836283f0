import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { CopyField } from '../../components/copy-field.tsx'
import { Dialog } from '../../components/dialog.tsx'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { useDeleteSsoProvider } from './mutations.ts'
import { type SsoProvider, ssoProvidersQuery } from './queries.ts'
import { SsoProviderForm } from './sso-provider-form.tsx'

/**
 * The single sign-on providers: each with the callback address to register at the provider and a
 * warning when anyone holding an account there may create one here; a new one, changes, deleting.
 */
export function SsoProviders() {
  const { t } = useTranslation()
  const providers = useQuery(ssoProvidersQuery)
  const [editing, setEditing] = useState<SsoProvider | null>(null)
  const [deleting, setDeleting] = useState<SsoProvider | null>(null)
  const remove = useDeleteSsoProvider(() => setDeleting(null))
  return (
    <Section id="instance-sso" title={t('instance.sso')}>
      <p className="hint">{t('instance.ssoIntro')}</p>
      {providers.isPending && <Loading />}
      <ErrorNote error={providers.error} onRetry={() => void providers.refetch()} />
      {providers.data?.length === 0 && <Empty>{t('instance.noSso')}</Empty>}
      {providers.data && providers.data.length > 0 && (
        <ul className="list sso-list">
          {providers.data.map((provider) => (
            <ProviderItem
              key={provider.slug}
              provider={provider}
              onEdit={() => setEditing(provider)}
              onDelete={() => {
                remove.reset()
                setDeleting(provider)
              }}
            />
          ))}
        </ul>
      )}
      <SsoProviderForm title={t('instance.ssoAdd')} onSaved={() => undefined} />
      <Dialog
        title={t('instance.ssoEditTitle', { name: editing?.name })}
        open={editing !== null}
        onClose={() => setEditing(null)}
        wide
      >
        {editing && (
          <SsoProviderForm
            key={editing.slug}
            provider={editing}
            title={t('instance.ssoSettings')}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        title={t('instance.ssoDeleteTitle')}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate(deleting.slug)}
        pending={remove.isPending}
        error={remove.error}
      >
        {t('instance.ssoDeleteText', { name: deleting?.name })}
      </ConfirmDialog>
    </Section>
  )
}

/** One provider: its kind and state, what it lets in, its callback address, and its actions. */
function ProviderItem({
  provider,
  onEdit,
  onDelete,
}: {
  provider: SsoProvider
  onEdit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const kindName = t(`instance.ssoKinds.${provider.kind}`)
  const titleId = `sso-${provider.slug}`
  return (
    <li aria-labelledby={titleId}>
      <h3 id={titleId}>
        {provider.name}
        <span className="badge">{kindName}</span>
        {provider.enabled ? (
          <span className="badge verified">{t('instance.ssoOn')}</span>
        ) : (
          <span className="badge off">{t('instance.ssoOff')}</span>
        )}
      </h3>
      {provider.open_to_anyone && (
        <p className="warn" role="note">
          {t('instance.ssoOpen', { kind: kindName })}
        </p>
      )}
      <p className="facts hint">
        {[
          provider.slug,
          provider.auto_create ? t('instance.ssoCreates') : t('instance.ssoCreatesNot'),
          provider.allowed_domains.length > 0
            ? t('instance.ssoOnly', { domains: provider.allowed_domains.join(', ') })
            : t('instance.ssoAnyDomain'),
        ].join(' · ')}
      </p>
      <CopyField label={t('instance.ssoCallback')} value={provider.callback_url} />
      <div className="toolbar">
        <button type="button" aria-label={t('instance.ssoEditOf', { name: provider.name })} onClick={onEdit}>
          {t('common.edit')}
        </button>
        <button
          type="button"
          className="danger"
          aria-label={t('instance.deleteOf', { name: provider.name })}
          onClick={onDelete}
        >
          {t('common.delete')}
        </button>
      </div>
    </li>
  )
}
