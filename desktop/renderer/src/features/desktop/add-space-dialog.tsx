import { type ComponentProps, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { ErrorNote } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import type { NewSpaces, ServerAccount, SpaceKind } from './desktop-api.ts'
import { useAddDesktopSpaces, useServerSpaces } from './mutations.ts'
import { isNetworkRemote, isSshUrl } from './status.ts'

const KINDS: SpaceKind[] = ['local', 'git', 'server']

/** Adds spaces to this computer: a new one, one from a Git remote, or some kept from a Quire server. */
export function AddSpaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog title={t('desktop.add.title')} open={open} onClose={onClose}>
      <AddSpaceForm onDone={onClose} />
    </Dialog>
  )
}

/** Mounted each time the dialog opens, so it always starts empty. */
function AddSpaceForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const legendId = useId()
  const [kind, setKind] = useState<SpaceKind>('local')
  const [name, setName] = useState('')
  const [repoUrl, setRepoUrl] = useState('')
  const [branch, setBranch] = useState('main')
  const [token, setToken] = useState('')
  const [sshKey, setSshKey] = useState('')
  const [knownHosts, setKnownHosts] = useState('')
  const [serverUrl, setServerUrl] = useState('')
  const [serverToken, setServerToken] = useState('')
  const [chosen, setChosen] = useState<string[]>([])

  const list = useServerSpaces(() => setChosen([]))
  // A folder is refused here in the dialog's words, rather than by the API's rule on `repo_url`.
  const [isFolderShown, setFolderShown] = useState(false)
  const ssh = isSshUrl(repoUrl)
  const body = (): NewSpaces => {
    if (kind === 'local') return { kind, name: name.trim() }
    if (kind === 'server')
      return { kind, server_url: serverUrl.trim(), token: serverToken.trim(), spaces: chosen }
    return {
      kind,
      name: name.trim(),
      repo_url: repoUrl.trim(),
      ...(branch.trim() ? { branch: branch.trim() } : {}),
      ...(ssh
        ? { ssh_key: sshKey || undefined, known_hosts: knownHosts.trim() || undefined }
        : { token: token.trim() || undefined }),
    }
  }
  const add = useAddDesktopSpaces(onDone)
  const forgetList = () => {
    if (list.data || list.error) list.reset()
  }

  return (
    <Form
      onSubmit={() => {
        const isFolder = kind === 'git' && !isNetworkRemote(repoUrl)
        setFolderShown(isFolder)
        if (!isFolder) add.mutate(body())
      }}
    >
      <div className="kind-choices" role="radiogroup" aria-labelledby={legendId}>
        <span id={legendId} className="legend">
          {t('desktop.add.kind')}
        </span>
        {KINDS.map((choice) => (
          <label key={choice} className="inline">
            <input
              type="radio"
              name="kind"
              value={choice}
              checked={kind === choice}
              onChange={() => {
                setKind(choice)
                add.reset()
              }}
            />
            {t(`desktop.add.kinds.${choice}`)}
          </label>
        ))}
      </div>

      {kind !== 'server' && (
        <InputField
          label={t('desktop.add.name')}
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      )}

      {kind === 'git' && (
        <>
          <InputField
            label={t('desktop.add.repoUrl')}
            hint={t('desktop.add.repoUrlHint')}
            required
            spellCheck={false}
            value={repoUrl}
            onChange={(event) => {
              setRepoUrl(event.target.value)
              setFolderShown(false)
            }}
          />
          {isFolderShown && (
            <p className="state error" role="alert">
              {t('desktop.add.notNetworkAddress')}
            </p>
          )}
          <InputField
            label={t('desktop.add.branch')}
            spellCheck={false}
            value={branch}
            onChange={(event) => setBranch(event.target.value)}
          />
          {ssh ? (
            <>
              <TextareaField
                label={t('desktop.add.sshKey')}
                rows={4}
                value={sshKey}
                onChange={(event) => setSshKey(event.target.value)}
              />
              <TextareaField
                label={t('desktop.add.knownHosts')}
                hint={t('desktop.add.knownHostsHint')}
                rows={2}
                value={knownHosts}
                onChange={(event) => setKnownHosts(event.target.value)}
              />
            </>
          ) : (
            <InputField
              label={t('desktop.add.token')}
              hint={t('desktop.add.tokenHint')}
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
          )}
        </>
      )}

      {kind === 'server' && (
        <>
          <InputField
            label={t('desktop.add.serverUrl')}
            type="url"
            required
            placeholder="https://"
            value={serverUrl}
            onChange={(event) => {
              setServerUrl(event.target.value)
              forgetList()
            }}
          />
          <InputField
            label={t('desktop.add.serverToken')}
            hint={t('desktop.add.serverTokenHint')}
            type="password"
            autoComplete="off"
            required
            value={serverToken}
            onChange={(event) => {
              setServerToken(event.target.value)
              forgetList()
            }}
          />
          <div className="toolbar">
            <button
              type="button"
              disabled={list.isPending || !serverUrl.trim() || !serverToken.trim()}
              onClick={() => list.mutate({ serverUrl: serverUrl.trim(), token: serverToken.trim() })}
            >
              {t('desktop.add.listSpaces')}
            </button>
          </div>
          <ErrorNote error={list.error} />
          {list.data && <ServerSpaces listed={list.data} chosen={chosen} onChange={setChosen} />}
        </>
      )}

      <SubmitBar
        error={add.error}
        pending={add.isPending}
        disabled={kind === 'server' && chosen.length === 0}
        label={t('desktop.add.submit')}
        onCancel={onDone}
      />
    </Form>
  )
}

/** The spaces the account reads on the server, one checkbox each; those already here stay ticked. */
function ServerSpaces({
  listed,
  chosen,
  onChange,
}: {
  listed: ServerAccount
  chosen: string[]
  onChange: (chosen: string[]) => void
}) {
  const { t } = useTranslation()
  const legendId = useId()
  return (
    <>
      <p className="hint" role="status">
        {t('desktop.add.signedInAs', { username: listed.username })}
      </p>
      {listed.spaces.length === 0 ? (
        <p className="muted">{t('desktop.add.noServerSpaces')}</p>
      ) : (
        <fieldset className="server-spaces" aria-labelledby={legendId}>
          <legend id={legendId}>{t('desktop.add.serverSpaces')}</legend>
          {listed.spaces.map((space) => {
            const ref = `${space.org}/${space.space}`
            return (
              <label key={ref} className="inline">
                <input
                  type="checkbox"
                  checked={space.kept || chosen.includes(ref)}
                  disabled={space.kept}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...chosen, ref] : chosen.filter((c) => c !== ref))
                  }
                />
                {t('desktop.add.space', { name: space.name, org: space.org })}
              </label>
            )
          })}
        </fieldset>
      )}
    </>
  )
}

/** A labelled textarea, with an optional hint that describes it to screen readers. */
function TextareaField({
  label,
  hint,
  ...props
}: { label: string; hint?: string } & ComponentProps<'textarea'>) {
  const id = useId()
  return (
    <label>
      {label}
      <textarea spellCheck={false} aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
    </label>
  )
}
