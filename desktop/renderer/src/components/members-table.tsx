import { type ReactNode, useEffect, useState } from 'react'
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
  // The role chosen in each person's list, until applied (or chosen back).
  const [chosen, setChosen] = useState<Record<string, R>>({})
  // A choice applied (or made meanwhile by someone else) is no longer one.
  useEffect(() => {
    setChosen((now) => {
      const left = Object.entries(now).filter(
        ([username, role]) => members.find((m) => m.username === username)?.role !== role,
      )
      return left.length === Object.keys(now).length ? now : (Object.fromEntries(left) as Record<string, R>)
    })
  }, [members])
  return (
    <DataTable columns={[headings.person, headings.role]} actions={headings.actions} className={className}>
      {members.map((member) => {
        const role = chosen[member.username] ?? member.role
        return (
          <tr key={member.username}>
            <td className="wrap">{person(member)}</td>
            <td>
              <select
                aria-label={roleLabel(member)}
                value={role}
                onChange={(event) =>
                  setChosen((now) => ({ ...now, [member.username]: event.target.value as R }))
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
