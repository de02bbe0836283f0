import { type ComponentProps, useId } from 'react'

/**
 * A labelled select. The label sits beside the select rather than around it: a label wrapping a
 * select would take the chosen option's text into its accessible name ("Role Member").
 */
export function SelectField({ label, children, ...props }: { label: string } & ComponentProps<'select'>) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...props}>
        {children}
      </select>
    </div>
  )
}
