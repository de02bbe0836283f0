/** Where the desktop's window was last, so the app opens there again. */
const KEY = 'quire.last-place'

/** Whether this page load has already decided where to start. */
let started = false

/** Keeps the address the window shows (the app's own paths only). */
export function rememberPlace(href: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/sign-in')) return
  try {
    storage.setItem(KEY, href)
  } catch {
    // Storage full or refused: the app opens on its home screen next time.
  }
}

/**
 * Where to go instead of the home screen when the app opens: the place it showed last, once per
 * load (going home later stays home); undefined to stay.
 */
export function placeToReopen(
  pathname: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): string | undefined {
  if (started) return undefined
  started = true
  if (pathname !== '/') return undefined
  let last: string | null = null
  try {
    last = storage.getItem(KEY)
  } catch {
    return undefined
  }
  return last?.startsWith('/') && !last.startsWith('//') && last !== '/' ? last : undefined
}
