import { useRef, useState } from 'react'

/**
 * Copies a value shown in a field to the clipboard: `copied` is `yes` once done; without a clipboard
 * (an insecure address, a refused permission) the field's text is selected for the person to copy
 * by hand, and `copied` is `failed`. `field` goes on the input or text area showing the value.
 */
export function useCopy<E extends HTMLInputElement | HTMLTextAreaElement>(value: string) {
  const field = useRef<E>(null)
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
