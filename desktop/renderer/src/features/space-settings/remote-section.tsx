import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form } from '../../components/form.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { runsOnDesktop } from '../desktop/desktop-api.ts'
import { isNetworkRemote } from '../desktop/status.ts'
import { useSpace } from '../space/queries.ts'
import { useUpdateRemote } from './mutations.ts'
import { gitQuery } from './queries.ts'
import { Saved, SettingsSection } from './section.tsx'

/** The Git remote the space syncs with; empty for a space the service keeps alone. */
export function RemoteSection() {
  const { t } = useTranslation()
  const { org, space, details } = useSpace()
  const git = useQuery(gitQuery({ org, space }))
  const [repoUrl, setRepoUrl] = useState(details.repo_url)
  const [branch, setBranch] = useState(details.branch)
  const urlChanged = repoUrl.trim() !== details.repo_url
  const save = useUpdateRemote(org, space)
  // A folder is refused here in the form's words, rather than by the API's rule on `repo_url`.
  const [isFolderShown, setFolderShown] = useState(false)
  return (
    <SettingsSection
      title={t('space-settings.remote.title')}
      hint={
        details.repo_url
          ? t('space-settings.remote.hint')
          : t(runsOnDesktop() ? 'space-settings.remote.localDesktop' : 'space-settings.remote.local')
      }
    >
      <Form
        onSubmit={() => {
          const isFolder = repoUrl.trim() !== '' && !isNetworkRemote(repoUrl)
          setFolderShown(isFolder)
          if (!isFolder) save.mutate({ repo_url: repoUrl.trim(), branch: branch.trim() })
        }}
      >
        <label>
          {t('space-settings.remote.url')}
          <input
            value={repoUrl}
            onChange={(e) => {
              setRepoUrl(e.target.value)
              setFolderShown(false)
            }}
            placeholder="https://git.example.com/team/wiki.git"
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        {isFolderShown && (
          <p className="state error" role="alert">
            {t('space-settings.remote.notNetworkAddress')}
          </p>
        )}
        <label>
          {t('space-settings.remote.branch')}
          <input
            value={branch}
            onChange={(e) => setBranch(e.target.value)}
            maxLength={200}
            spellCheck={false}
          />
        </label>
        <p className={urlChanged && git.data?.has_credentials ? 'settings-warning' : 'hint'}>
          {t('space-settings.remote.credentialsWarning')}
        </p>
        <SubmitBar error={save.error} pending={save.isPending}>
          <Saved shown={save.isSuccess && !urlChanged} />
        </SubmitBar>
      </Form>
    </SettingsSection>
  )
}
