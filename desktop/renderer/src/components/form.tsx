import type { ComponentProps } from 'react'

/** A form whose submission runs `onSubmit` in place (the page is not reloaded). */
export function Form({
  onSubmit,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => void }) {
  return (
    <form
      {...props}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    />
  )
}
