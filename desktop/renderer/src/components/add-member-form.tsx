import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { common } from '../app/locales.ts'
import { Done } from './done.tsx'
import { Form } from './form.tsx'
import { SelectField } from './select-field.tsx'
import { ErrorNote } from './states.tsx'

type RoleName = keyof typeof common.en.roles

/** Adds an existing account by username with a role; `add` gets the trimmed username. */
export function AddMemberForm<R extends RoleName, T>({
  title,
  usernameLabel,
  roleLabel,
  roles,
  initialRole,
  hint,
  add,
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
  add: (username: string, role: R) => Promise<T>
  /** What to say once someone was added. */
  done?: (added: T) => string
}) {
  const { t } = useTranslation()
  const [username, setUsername] = useState('')
  const [role, setRole] = useState<R>(initialRole)
  const mutation = useMutation({
    mutationFn: () => add(username.trim(), role),
    onSuccess: () => setUsername(''),
  })
  return (
    <Form className="inline-form" aria-label={title} onSubmit={() => mutation.mutate()}>
      <h3>{title}</h3>
      <div className="fields">
        <label>
          {usernameLabel}
          <input
            required
            autoComplete="off"
            spellCheck={false}
            value={username}
            onChange={(event) => {
              setUsername(event.target.value)
              mutation.reset()
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
        <button type="submit" disabled={mutation.isPending}>
          {title}
        </button>
      </div>
      {hint && <p className="hint">{hint}</p>}
      <ErrorNote error={mutation.error} />
      {mutation.isSuccess && done && <Done>{done(mutation.data)}</Done>}
    </Form>
  )
}
