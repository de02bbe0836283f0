import type { UseMutationResult } from '@tanstack/react-query'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../app/api.ts'
import type { common } from '../app/locales.ts'
import { Done } from './done.tsx'
import { Form } from './form.tsx'
import { PendingButton } from './pending-button.tsx'
import { SelectField } from './select-field.tsx'
import { ErrorNote } from './states.tsx'

type RoleName = keyof typeof common.en.roles

/** Adds an existing account by username with a role; `add` (the feature's mutation) gets the trimmed username. */
export function AddMemberForm<R extends RoleName, T>({
  title,
  usernameLabel,
  roleLabel,
  roles,
  initialRole,
  hint,
  add,
  members,
  done,
}: {
  /** The form's heading and name, and its button's. */
  title: string
  usernameLabel: string
  roleLabel: string
  /** The roles offered, in order (their names are `common.roles.*`). */
  roles: readonly R[]
  initialRole: R
  hint?: ReactNode
  add: UseMutationResult<T, Error, { username: string; role: R }>
  /**
   * The members already there: adding one of them again is refused here, as the API's `PUT` would
   * quietly change their role (an admin added as a member was made one).
   */
  members?: readonly { username: string; display_name: string; role: string }[]
  /** What to say once someone was added. */
  done?: (added: T) => string
}) {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<R>(initialRole)
  // The username asked for, for a refusal that names it after the field is cleared or changed.
  const [asked, setAsked] = useState('')
  // Someone already there, found when the form was sent: they are not added again.
  const [already, setAlready] = useState<{ username: string; display_name: string; role: string }>()
  const unknown = add.error instanceof ApiError && add.error.status === 404
  // Both refusals are about the username: its field is marked invalid and described by them.
  const errorId = useId()
  const isRefused = unknown || already !== undefined
  return (
    <Form
      className="inline-form"
      aria-label={title}
      onSubmit={() => {
        const wanted = username.trim()
        setAsked(wanted)
        const member = members?.find((m) => m.username.toLowerCase() === wanted.toLowerCase())
        setAlready(member)
        if (member) {
          add.reset()
          return
        }
        add.mutate({ username: wanted, role }, { onSuccess: () => setUsername('') })
      }}
    >
      <h3>{title}</h3>
      <div className="fields">
        <label>
          {usernameLabel}
          <input
            required
            autoComplete="off"
            spellCheck={false}
            aria-invalid={isRefused || undefined}
            aria-describedby={isRefused ? errorId : undefined}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value)
              setAlready(undefined)
              add.reset()
            }}
          />
        </label>
        <SelectField label={roleLabel} value={role} onChange={(event) => setRole(event.target.value as R)}>
          {roles.map((value) => (
            <option key={value} value={value}>
              {t(`common.roles.${value as RoleName}`)}
            </option>
          ))}
        </SelectField>
        <PendingButton type="submit" pending={add.isPending}>
          {title}
        </PendingButton>
      </div>
      {hint && <p className="hint">{hint}</p>}
      {already && (
        <div id={errorId} className="state error" role="alert">
          <p>
            {t('common.alreadyMember', {
              name: already.display_name || already.username,
              role: t(`common.roles.${already.role as RoleName}`),
            })}
          </p>
        </div>
      )}
      {unknown ? (
        <div id={errorId} className="state error" role="alert">
          <p>{t('common.noAccount', { username: asked })}</p>
        </div>
      ) : (
        <ErrorNote error={add.error} />
      )}
      {add.isSuccess && done && <Done>{done(add.data)}</Done>}
    </Form>
  )
}
