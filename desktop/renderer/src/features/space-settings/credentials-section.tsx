import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { runsOnDesktop } from '../desktop/desktop-api.ts'
import { useRemoveCredentials, useSaveCredentials } from './mutations.ts'
import { gitQuery } from './queries.ts'
import { Saved, SettingsSection } from './section.tsx'

type Kind = 'https' | 'ssh'

/** The remote's credentials: write-only, so the screen says only whether some are set. */
export function CredentialsSection({ org, space }: { org: string; space: string }) {
  const { t } = useTranslation()
  const git = useQuery(gitQuery({ org, space }))
  const [kind, setKind] = useState<Kind>('https')
  const [token, setToken] = useState('')
  const [privateKey, setPrivateKey] = useState('')
  const [knownHosts, setKnownHosts] = useState('')
  const save = useSaveCredentials(org, space, () => {
    // Written, never read back: the fields empty themselves.
    setToken('')
    setPrivateKey('')
    setKnownHosts('')
    remove.reset()
  })
  const remove = useRemoveCredentials(org, space, () => save.reset())
  const state = git.data
  return (
    <SettingsSection
      title={t('space-settings.credentials.title')}
      hint={t(runsOnDesktop() ? 'space-settings.credentials.hintDesktop' : 'space-settings.credentials.hint')}
    >
      {state && (
        <p>
          {state.has_credentials
            ? t('space-settings.credentials.set', {
                kind: t(`space-settings.credentials.kinds.${state.credentials_kind ?? 'https'}`),
              })
            : t('space-settings.credentials.none')}
        </p>
      )}
      <Form
        onSubmit={() =>
          save.mutate(
            kind === 'https'
              ? { kind, token: token.trim() }
              : { kind, private_key: privateKey, known_hosts: knownHosts },
          )
        }
      >
        <fieldset className="settings-choice">
          <legend>{t('space-settings.credentials.kind')}</legend>
          {(['https', 'ssh'] as const).map((value) => (
            <label key={value} className="inline">
              <input
                type="radio"
                name={`credentials-kind-${space}`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {t(`space-settings.credentials.kinds.${value}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'https' ? (
          <label>
            {t('space-settings.credentials.token')}
            <input
              type="password"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              required
              autoComplete="off"
            />
          </label>
        ) : (
          <>
            <label>
              {t('space-settings.credentials.privateKey')}
              <textarea
                value={privateKey}
                onChange={(e) => setPrivateKey(e.target.value)}
                rows={4}
                required
                spellCheck={false}
                className="mono"
              />
            </label>
            <label>
              {t('space-settings.credentials.knownHosts')}
              <textarea
                value={knownHosts}
                onChange={(e) => setKnownHosts(e.target.value)}
                rows={2}
                required
                spellCheck={false}
                className="mono"
              />
            </label>
          </>
        )}
        <SubmitBar error={save.error ?? remove.error} pending={save.isPending}>
          {state?.has_credentials && (
            <button
              type="button"
              className="danger"
              onClick={() => remove.mutate()}
              disabled={remove.isPending}
            >
              {t('space-settings.credentials.remove')}
            </button>
          )}
          <Saved shown={save.isSuccess || remove.isSuccess}>
            {remove.isSuccess ? t('space-settings.credentials.removed') : undefined}
          </Saved>
        </SubmitBar>
      </Form>
    </SettingsSection>
  )
}
