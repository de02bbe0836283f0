import type { UseMutationResult } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { ConfirmDialog } from './confirm-dialog.tsx'

/** A danger button that runs `action` once confirmed in a dialog, which closes when it succeeds. */
export function ConfirmButton<T>({
  label,
  title,
  text,
  action,
}: {
  /** The button's name, in the dialog too. */
  label: string
  title: string
  text: ReactNode
  action: UseMutationResult<T, Error, void>
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => {
          action.reset()
          setOpen(true)
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        title={title}
        open={open}
        onClose={() => setOpen(false)}
        confirmLabel={label}
        onConfirm={() => action.mutate(undefined, { onSuccess: () => setOpen(false) })}
        pending={action.isPending}
        error={action.error}
      >
        {text}
      </ConfirmDialog>
    </>
  )
}
