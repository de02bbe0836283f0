import type { ComponentProps } from 'react'

/**
 * A button that waits for its request while `pending`: marked `aria-disabled` and deaf to clicks (a
 * submit button to the form's Enter too) rather than `disabled`, which would drop the keyboard's focus
 * to the page's start. The style sheet draws it disabled all the same. `disabled` still disables it.
 */
export function PendingButton({
  pending,
  onClick,
  ...props
}: ComponentProps<'button'> & { pending: boolean }) {
  return (
    <button
      {...props}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        // Also stops a submit button's form from being sent (Enter in a field clicks that button).
        if (pending) event.preventDefault()
        else onClick?.(event)
      }}
    />
  )
}
