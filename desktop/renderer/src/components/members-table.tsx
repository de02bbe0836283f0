import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { common } from '../app/locales.ts'
import { DataTable } from './data-table.tsx'

type RoleName = keyof typeof common.en.roles

type Member<R extends RoleName> = { username: string; role: R }

/**
 * People and their role: a select to choose another role, applied by the button that then appears
 * beside it (a role is a right: choosing one in the list, as an arrow key on it does, must not grant
 * it at once), and a button to remove them. `name` names a member in the buttons' accessible names.
 */
export function MembersTable<R extends RoleName, M extends Member<R>>({
  members,
  roles,
  headings,
  person,
  roleLabel,
  name,
  removeLabel,
  onRole,
  onRemove,
  roleDisabled,
  removeDisabled,
  className,
}: {
  members: M[]
  /** The roles offered, in order (their names are `common.roles.*`). */
  roles: readonly R[]
  headings: { person: string; role: string; actions: string }
  /** What the first cell shows of a member. */
  person: (member: M) => ReactNode
  /** The name of a member's role select. */
  roleLabel: (member: M) => string
  /** The member's name, for the buttons of their row ("Remove Frank"). */
  name: (member: M) => string
  removeLabel: string
  onRole: (member: M, role: R) => void
  onRemove: (member: M) => void
  roleDisabled?: boolean
  removeDisabled?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  // The role chosen in each person's list, and the role it was chosen over: once their role is no
  // longer that one (the choice applied, or someone else's change read), the list shows their role.
  const [chosen, setChosen] = useState<Record<string, { role: R; over: R }>>({})
  return (
    <DataTable columns={[headings.person, headings.role]} actions={headings.actions} className={className}>
      {members.map((member) => {
        const choice = chosen[member.username]
        const role = choice?.over === member.role ? choice.role : member.role
        return (
          <tr key={member.username}>
            <td className="wrap">{person(member)}</td>
            <td>
              <select
                aria-label={roleLabel(member)}
                value={role}
                onChange={(event) =>
                  setChosen((now) => ({
                    ...now,
                    [member.username]: { role: event.target.value as R, over: member.role },
                  }))
                }
              >
                {roles.map((value) => (
                  <option key={value} value={value}>
                    {t(`common.roles.${value as RoleName}`)}
                  </option>
                ))}
              </select>{' '}
              {role !== member.role && (
                <button
                  type="button"
                  aria-label={t('common.applyRoleOf', { name: name(member) })}
                  aria-disabled={roleDisabled}
                  onClick={() => {
                    if (!roleDisabled) onRole(member, role)
                  }}
                >
                  {t('common.applyRole')}
                </button>
              )}
            </td>
            <td>
              <button
                type="button"
                className="danger"
                aria-label={`${removeLabel} ${name(member)}`}
                disabled={removeDisabled}
                onClick={() => onRemove(member)}
              >
                {removeLabel}
              </button>
            </td>
          </tr>
        )
      })}
    </DataTable>
  )
}
