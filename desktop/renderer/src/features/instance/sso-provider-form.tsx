import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { usePutSsoProvider } from './mutations.ts'
import type { SsoProvider } from './queries.ts'
import { slugOfName } from './slug-of-name.ts'
import { type Draft, draftOf, inputOf, type Kind, linksByDefault, SSO_KINDS } from './sso-draft.ts'

/**
 * A single sign-on provider's settings: a new one (`provider` absent, its slug following its name
 * until the person writes one), or a change to one (the secret left empty is kept).
 */
export function SsoProviderForm({
  provider,
  title,
  onSaved,
  onCancel,
}: {
  provider?: SsoProvider
  /** The form's heading and name. */
  title: string
  onSaved: () => void
  onCancel?: () => void
}) {
  const { t } = useTranslation()
  const isNew = provider === undefined
  const [draft, setDraft] = useState(() => draftOf(provider))
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }))
  const save = usePutSsoProvider(() => {
    if (isNew) setDraft(draftOf(undefined))
    onSaved()
  })
  const titleId = `sso-form-${provider?.slug ?? 'new'}`
  // Another provider, or another application there, as far as the people linked are concerned.
  const before = draftOf(provider)
  const forgetsIdentities =
    !isNew &&
    (draft.kind !== before.kind ||
      draft.issuer.trim() !== before.issuer.trim() ||
      draft.clientId.trim() !== before.clientId.trim())
  return (
    <Form
      className="inline-form"
      aria-labelledby={titleId}
      onSubmit={() =>
        save.mutate({ slug: isNew ? draft.slug.trim() : provider.slug, json: inputOf(draft, isNew) })
      }
    >
      <h3 id={titleId}>{title}</h3>
      <div className="grid-fields">
        <SelectField
          label={t('instance.ssoKind')}
          value={draft.kind}
          // An issuer means something else for each kind: a new kind starts without one.
          onChange={(event) => set({ kind: event.target.value as Kind, issuer: '' })}
        >
          {SSO_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`instance.ssoKinds.${kind}`)}
            </option>
          ))}
        </SelectField>
        <label>
          {t('instance.name')}
          <input
            required
            maxLength={200}
            autoComplete="off"
            value={draft.name}
            onChange={(event) =>
              set({
                name: event.target.value,
                ...(isNew && !draft.slugEdited ? { slug: slugOfName(event.target.value) } : {}),
              })
            }
          />
        </label>
        {isNew && (
          <InputField
            label={t('instance.slug')}
            required
            autoComplete="off"
            pattern="[a-z0-9][a-z0-9\-]{0,62}"
            value={draft.slug}
            onChange={(event) => set({ slug: event.target.value, slugEdited: event.target.value !== '' })}
            hint={t('instance.ssoSlugHint')}
          />
        )}
        {draft.kind === 'oidc' && (
          <InputField
            label={t('instance.ssoIssuer')}
            type="url"
            required
            autoComplete="off"
            spellCheck={false}
            placeholder="https://id.example.com"
            value={draft.issuer}
            onChange={(event) => set({ issuer: event.target.value })}
            hint={t('instance.ssoIssuerHint')}
          />
        )}
        {draft.kind === 'microsoft' && (
          <InputField
            label={t('instance.ssoTenant')}
            autoComplete="off"
            spellCheck={false}
            value={draft.issuer}
            onChange={(event) => set({ issuer: event.target.value })}
            hint={t('instance.ssoTenantHint')}
          />
        )}
        <InputField
          label={t('instance.ssoClientId')}
          required
          autoComplete="off"
          spellCheck={false}
          value={draft.clientId}
          onChange={(event) => set({ clientId: event.target.value })}
        />
        <InputField
          label={t('instance.ssoClientSecret')}
          type="password"
          required={isNew}
          autoComplete="new-password"
          value={draft.clientSecret}
          onChange={(event) => set({ clientSecret: event.target.value })}
          hint={isNew ? undefined : t('instance.ssoSecretKept')}
        />
      </div>
      <InputField
        label={t('instance.ssoDomains')}
        autoComplete="off"
        spellCheck={false}
        placeholder="example.com, example.org"
        value={draft.domains}
        onChange={(event) => set({ domains: event.target.value })}
        hint={t('instance.ssoDomainsHint')}
      />
      <CheckField
        label={t('instance.ssoAutoCreate')}
        checked={draft.autoCreate}
        onChange={(autoCreate) => set({ autoCreate })}
        hint={t('instance.ssoAutoCreateHint')}
      />
      <CheckField
        label={t('instance.ssoLinkByEmail')}
        checked={draft.linkByEmail ?? linksByDefault(draft.kind)}
        onChange={(linkByEmail) => set({ linkByEmail })}
        hint={t('instance.ssoLinkByEmailHint')}
      />
      <CheckField
        label={t('instance.ssoEnabled')}
        checked={draft.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      {forgetsIdentities && (
        <p className="warn" role="alert">
          {t('instance.ssoForgets')}
        </p>
      )}
      <SubmitBar
        error={save.error}
        pending={save.isPending}
        label={isNew ? t('instance.ssoAdd') : t('common.save')}
        onCancel={onCancel}
      />
    </Form>
  )
}

/** A checkbox with its label beside it and, under it, a hint that describes it to screen readers. */
function CheckField({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: ReactNode
}) {
  const hintId = useId()
  return (
    <div className="check-field">
      <label className="inline">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={hint === undefined ? undefined : hintId}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  )
}
