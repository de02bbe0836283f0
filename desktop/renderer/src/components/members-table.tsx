import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { common } from '../app/locales.ts'
import { DataTable } from './data-table.tsx'

type RoleName = keyof typeof common.en.roles

type Member<R extends RoleName> = { username: string; role: R }

/** People and their role: a select to change each one's role, and a button to remove them. */
export function MembersTable<R extends RoleName, M extends Member<R>>({
  members,
  roles,
  headings,
  person,
  roleLabel,
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
  removeLabel: string
  onRole: (member: M, role: R) => void
  onRemove: (member: M) => void
  roleDisabled?: boolean
  removeDisabled?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <DataTable columns={[headings.person, headings.role]} actions={headings.actions} className={className}>
      {members.map((member) => (
        <tr key={member.username}>
          <td className="wrap">{person(member)}</td>
          <td>
            <select
              aria-label={roleLabel(member)}
              value={member.role}
              disabled={roleDisabled}
              onChange={(event) => onRole(member, event.target.value as R)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`common.roles.${role as RoleName}`)}
                </option>
              ))}
            </select>
          </td>
          <td>
            <button
              type="button"
              className="danger"
              disabled={removeDisabled}
              onClick={() => onRemove(member)}
            >
              {removeLabel}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
