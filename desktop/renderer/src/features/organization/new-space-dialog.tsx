import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { slugOfName } from '../instance/slug-of-name.ts'
import { useCreateSpace } from './mutations.ts'
import { NameFields } from './name-fields.tsx'

export type CreatedSpace = { organization: string; slug: string; name: string }

/**
 * The `New space` button and its form (an organization admin's action, the super admin's too):
 * without a repository address the service keeps the space's repository itself.
 */
export function NewSpaceButton({
  org,
  orgName,
  label,
  onCreated,
}: {
  org: string
  orgName: string
  /** The button's text; `New space` by default. */
  label?: string
  onCreated?: (space: CreatedSpace) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        {label ?? t('organization.newSpace')}
      </button>
      <Dialog
        title={t('organization.newSpaceIn', { name: orgName })}
        open={open}
        onClose={() => setOpen(false)}
      >
        <NewSpaceForm
          org={org}
          onCreated={(space) => {
            setOpen(false)
            onCreated?.(space)
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  )
}

function NewSpaceForm({
  org,
  onCreated,
  onCancel,
}: {
  org: string
  onCreated: (space: CreatedSpace) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [slug, setSlug] = useState('')
  // The slug follows the name until the person writes their own (emptied, it follows again).
  const [slugEdited, setSlugEdited] = useState(false)
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [repoUrl, setRepoUrl] = useState('')
  const [branch, setBranch] = useState('')
  const create = useCreateSpace(org, onCreated)
  return (
    <Form
      onSubmit={() =>
        create.mutate({
          slug: slug.trim(),
          name,
          description,
          ...(repoUrl.trim() ? { repo_url: repoUrl.trim() } : {}),
          ...(branch.trim() ? { branch: branch.trim() } : {}),
        })
      }
    >
      <NameFields
        name={name}
        onName={(typed) => {
          setName(typed)
          if (!slugEdited) setSlug(slugOfName(typed))
        }}
        description={description}
        onDescription={setDescription}
      />
      <InputField
        label={t('organization.slug')}
        required
        pattern="[a-z0-9][a-z0-9\-]{0,62}"
        autoComplete="off"
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value)
          setSlugEdited(event.target.value !== '')
        }}
        hint={t('organization.spaceSlugHint')}
      />
      <InputField
        label={t('organization.repoUrl')}
        type="text"
        inputMode="url"
        autoComplete="off"
        placeholder="https://git.example.com/team/wiki.git"
        value={repoUrl}
        onChange={(event) => setRepoUrl(event.target.value)}
        hint={t('organization.repoUrlHint')}
      />
      <label>
        {t('organization.branch')}
        <input
          autoComplete="off"
          placeholder="main"
          value={branch}
          onChange={(event) => setBranch(event.target.value)}
        />
      </label>
      <SubmitBar
        error={create.error}
        pending={create.isPending}
        label={create.isPending ? t('organization.creatingSpace') : t('organization.createSpace')}
        onCancel={onCancel}
      />
    </Form>
  )
}
