/**
 * A percent-encoded text decoded, or undefined when it is not valid (`%E0` alone, a stray `%`):
 * `decodeURIComponent` throws on those, and one page written by hand must not take the app down.
 */
export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
