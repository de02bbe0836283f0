import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../components/dialog.tsx'
import { Done } from '../../components/done.tsx'
import { Form } from '../../components/form.tsx'
import { InputField } from '../../components/input-field.tsx'
import { SelectField } from '../../components/select-field.tsx'
import { ErrorNote, Loading } from '../../components/states.tsx'
import { SubmitBar } from '../../components/submit-bar.tsx'
import { orgSpacesQuery } from '../organization/queries.ts'
import { InvitationLink } from './invitation-link.tsx'
import { useInvite } from './mutations.ts'
import './invitations.css'

type OrgRole = 'admin' | 'member'
type SpaceRole = 'reader' | 'contributor'

/** The `Invite people` button and its dialog: an address, a role, a role per space, then the link. */
export function InvitePeople({ org }: { org: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  // Another invitation asked for from the last one's answer: the new form takes the focus.
  const [isAnother, setAnother] = useState(false)
  const invite = useInvite(org)
  const close = () => {
    setOpen(false)
    setAnother(false)
    invite.reset()
  }
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        {t('invitations.invitePeople')}
      </button>
      <Dialog title={t('invitations.invitePeople')} open={open} onClose={close}>
        {invite.isSuccess ? (
          <>
            {invite.data.granted || !invite.data.link ? (
              <Done>{t('invitations.granted', { email: invite.data.email })}</Done>
            ) : (
              <InvitationLink email={invite.data.email} link={invite.data.link} mailed={invite.data.mailed} />
            )}
            <div className="toolbar">
              <button
                type="button"
                onClick={() => {
                  setAnother(true)
                  invite.reset()
                }}
              >
                {t('invitations.inviteAnother')}
              </button>
              <button type="button" className="primary" onClick={close}>
                {t('invitations.done')}
              </button>
            </div>
          </>
        ) : (
          <InviteForm org={org} invite={invite} onCancel={close} focusFirst={isAnother} />
        )}
      </Dialog>
    </>
  )
}

/** The invitation's form; `focusFirst`: its first field takes the focus (the button that led here is gone). */
function InviteForm({
  org,
  invite,
  onCancel,
  focusFirst,
}: {
  org: string
  invite: ReturnType<typeof useInvite>
  onCancel: () => void
  focusFirst: boolean
}) {
  const { t } = useTranslation()
  const emailField = useRef<HTMLInputElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the form shows.
  useEffect(() => {
    if (focusFirst) emailField.current?.focus()
  }, [])
  const spaces = useQuery(orgSpacesQuery(org))
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<OrgRole>('member')
  const [spaceRoles, setSpaceRoles] = useState<Record<string, SpaceRole>>({})
  return (
    <Form
      className="invite-form"
      aria-label={t('invitations.invitePeople')}
      onSubmit={() =>
        invite.mutate({ email: email.trim(), org_role: role, spaces: role === 'admin' ? {} : spaceRoles })
      }
    >
      <InputField
        ref={emailField}
        label={t('invitations.email')}
        type="email"
        required
        autoComplete="off"
        maxLength={320}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SelectField
        label={t('invitations.role')}
        value={role}
        onChange={(event) => setRole(event.target.value as OrgRole)}
      >
        <option value="member">{t('common.roles.member')}</option>
        <option value="admin">{t('common.roles.admin')}</option>
      </SelectField>
      {role === 'admin' ? (
        <p className="hint">{t('invitations.adminSpaces')}</p>
      ) : (
        <fieldset className="invite-spaces">
          <legend>{t('invitations.spaces')}</legend>
          {spaces.isPending && <Loading />}
          <ErrorNote error={spaces.error} onRetry={() => void spaces.refetch()} />
          {spaces.data?.length === 0 && <p className="hint">{t('invitations.noSpacesYet')}</p>}
          {spaces.data?.map((space) => (
            <SelectField
              key={space.slug}
              label={space.name}
              value={spaceRoles[space.slug] ?? ''}
              onChange={(event) => {
                const { [space.slug]: _, ...others } = spaceRoles
                const chosen = event.target.value as SpaceRole | ''
                setSpaceRoles(chosen ? { ...others, [space.slug]: chosen } : others)
              }}
            >
              <option value="">{t('invitations.noAccess')}</option>
              <option value="reader">{t('common.roles.reader')}</option>
              <option value="contributor">{t('common.roles.contributor')}</option>
            </SelectField>
          ))}
        </fieldset>
      )}
      <SubmitBar
        error={invite.error}
        pending={invite.isPending}
        label={t('invitations.send')}
        onCancel={onCancel}
      />
    </Form>
  )
}
