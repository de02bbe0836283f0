import { type ComponentProps, type ReactNode, useId } from 'react'

/** A labelled input, with an optional hint under it that describes the input to screen readers. */
export function InputField({
  label,
  hint,
  ...props
}: { label: string; hint?: ReactNode } & ComponentProps<'input'>) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <label>
      {label}
      <input aria-describedby={hint === undefined ? undefined : hintId} {...props} />
      {hint !== undefined && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
    </label>
  )
}
