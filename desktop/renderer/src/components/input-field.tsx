import { type ComponentProps, type ReactNode, useId } from 'react'

/**
 * A labelled input, with an optional hint under it and the error of what was typed, if any: both
 * describe the input to screen readers, and the error marks it invalid. The label sits beside the
 * input rather than around it, so that neither text joins the input's name.
 */
export function InputField({
  label,
  hint,
  error,
  ...props
}: { label: string; hint?: ReactNode; error?: ReactNode } & ComponentProps<'input'>) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint !== undefined && hintId, error && errorId].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint !== undefined && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {/* Said as it shows, and again whenever the input is reached. */}
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
