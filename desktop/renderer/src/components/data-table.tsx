import type { ReactNode } from 'react'

/**
 * A table that scrolls sideways on a narrow screen: a heading per column and, with `actions`, a last
 * column for the rows' buttons, named for screen readers only. `children` are the body's rows.
 */
export function DataTable({
  columns,
  actions,
  className = 'table-scroll',
  children,
}: {
  columns: string[]
  actions?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">{actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
