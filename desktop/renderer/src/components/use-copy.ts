import { useEffect, useRef, useState } from 'react'

/**
 * Copies a value shown in a field to the clipboard: `copied` is `yes` once done; without a clipboard
 * (an insecure address, a refused permission) the field's text is selected for the person to copy
 * by hand, and `copied` is `failed`. `field` goes on the input or text area showing the value.
 * `isShownOnce` (a secret, a link shown this once, in place of the form the person was in): the field
 * takes the focus when shown, to be read out and copied at once.
 */
export function useCopy<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: string,
  { isShownOnce = false }: { isShownOnce?: boolean } = {},
) {
  const field = useRef<E>(null)
  useEffect(() => {
    if (isShownOnce) field.current?.focus()
  }, [isShownOnce])
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('yes')
    } catch {
      field.current?.select()
      setCopied('failed')
    }
  }
  return { field, copied, copy }
}
