import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { DataTable } from '../../components/data-table.tsx'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { Section } from '../../components/section.tsx'
import { Empty, ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { NewSpaceButton } from '../organization/new-space-dialog.tsx'
import { organizationsQuery } from '../organization/queries.ts'
import { spacesQuery } from '../space/queries.ts'
import { useCreateOrganization, useDeleteOrganization } from './mutations.ts'
import { byName } from './queries.ts'
import { slugOfName } from './slug-of-name.ts'

type Organization = { slug: string; name: string; description: string }

/** Every organization, how many spaces it holds, a new one, and deleting an empty one. */
export function Organizations() {
  const { t, i18n } = useTranslation()
  const orgs = useQuery(organizationsQuery)
  const sorted = byName(orgs.data ?? [], i18n.language)
  const spaces = useQuery(spacesQuery)
  const [deleting, setDeleting] = useState<Organization | null>(null)
  const spaceCount = (slug: string) => spaces.data?.filter((space) => space.organization === slug).length
  const remove = useDeleteOrganization(() => setDeleting(null))
  return (
    <Section id="instance-orgs" title={t('instance.organizations')}>
      {orgs.isPending && <Loading />}
      <ErrorNote error={orgs.error ?? spaces.error} onRetry={() => void orgs.refetch()} />
      {orgs.data?.length === 0 && <Empty>{t('instance.noOrganizations')}</Empty>}
      {orgs.data && orgs.data.length > 0 && (
        <DataTable
          columns={[t('instance.name'), t('instance.slug'), t('instance.spaces')]}
          actions={t('instance.actions')}
        >
          {sorted.map((org) => (
            <tr key={org.slug}>
              <td className="wrap">
                <Link to="/org/$org" params={{ org: org.slug }}>
                  {org.name}
                </Link>
              </td>
              <td>{org.slug}</td>
              <td>{spaceCount(org.slug) ?? '…'}</td>
              <td>
                <button
                  type="button"
                  className="danger"
                  aria-label={t('instance.deleteOf', { name: org.name })}
                  onClick={() => setDeleting(org)}
                >
                  {t('common.delete')}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <NewOrganization />
      <ConfirmDialog
        title={t('instance.deleteTitle')}
        open={deleting !== null}
        onClose={() => {
          setDeleting(null)
          remove.reset()
        }}
        confirmLabel={t('common.delete')}
        onConfirm={() => deleting && remove.mutate(deleting.slug)}
        pending={remove.isPending}
        error={remove.error}
      >
        {t('instance.deleteText', { name: deleting?.name })}
      </ConfirmDialog>
    </Section>
  )
}

// A super admin who creates an organization nearly always means to run it: joining is the default.
const EMPTY = { slug: '', name: '', description: '', join: true, slugEdited: false }

/**
 * Creates an organization, then offers to open it or to create its first space at once; once it has a
 * space (made here, in the first steps, or anywhere else), a link to that space replaces the offer. The
 * slug follows the name until the person writes one of their own.
 */
function NewOrganization() {
  const { t } = useTranslation()
  const [form, setForm] = useState(EMPTY)
  const set = (changes: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...changes }))
  const create = useCreateOrganization(() => setForm(EMPTY))
  const created = create.data
  // Creating a space refreshes the list of spaces, wherever it was created from.
  const spaces = useQuery(spacesQuery)
  const firstSpace = created && spaces.data?.find((space) => space.organization === created.slug)
  return (
    <>
      <Form
        className="inline-form"
        aria-labelledby="new-org-title"
        onSubmit={() =>
          create.mutate({
            slug: form.slug.trim(),
            name: form.name,
            description: form.description,
            join: form.join,
          })
        }
      >
        <h3 id="new-org-title">{t('instance.newOrganization')}</h3>
        <div className="grid-fields">
          <label>
            {t('instance.name')}
            <input
              required
              maxLength={200}
              autoComplete="off"
              value={form.name}
              onChange={(event) =>
                set({
                  name: event.target.value,
                  ...(form.slugEdited ? {} : { slug: slugOfName(event.target.value) }),
                })
              }
            />
          </label>
          <InputField
            label={t('instance.slug')}
            required
            autoComplete="off"
            pattern="[a-z0-9][a-z0-9\-]{0,62}"
            value={form.slug}
            // Emptied, the slug follows the name again.
            onChange={(event) => set({ slug: event.target.value, slugEdited: event.target.value !== '' })}
            hint={t('instance.slugHint')}
          />
        </div>
        <label>
          {t('instance.description')}
          <textarea
            rows={2}
            maxLength={2000}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        </label>
        <label className="inline">
          <input
            type="checkbox"
            checked={form.join}
            onChange={(event) => set({ join: event.target.checked })}
          />
          {t('instance.joinAsAdmin')}
        </label>
        <SubmitBar error={create.error} pending={create.isPending} label={t('instance.createOrganization')} />
      </Form>
      {created && (
        <div className="created">
          <Done>{t('instance.organizationCreated', { name: created.name })}</Done>
          <div className="toolbar">
            <Link to="/org/$org" params={{ org: created.slug }}>
              {t('instance.openOrganization', { name: created.name })}
            </Link>
            {firstSpace ? (
              <Link to="/s/$org/$space" params={{ org: created.slug, space: firstSpace.slug }}>
                {t('instance.openSpace', { name: firstSpace.name })}
              </Link>
            ) : (
              <NewSpaceButton
                org={created.slug}
                orgName={created.name}
                label={t('instance.createFirstSpace')}
              />
            )}
          </div>
        </div>
      )}
    </>
  )
}
