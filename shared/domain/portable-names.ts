/**
 * Names Windows reserves for devices, whatever their extension (`con.md` opens the console there):
 * CON, PRN, AUX, NUL, COM0 to COM9 and LPT0 to LPT9 (with the superscript digits too), CONIN$ and
 * CONOUT$, in any case.
 */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i
/** Characters Windows refuses in a name (a `:` also opens an NTFS stream); `/` and `\` never reach here. */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/

/**
 * Whether a file or folder name could not be checked out on Windows (a device name, a name ending
 * in a dot or a space, which Windows drops, or a character it refuses), so that a clone there, the
 * desktop app's among them, would break. Such a name is refused for a new file written through the
 * service; one that came in through Git is still read, moved away and deleted.
 */
export function isNonPortableName(name: string): boolean {
  if (WINDOWS_FORBIDDEN.test(name) || /[. ]$/.test(name)) return true
  const stem = name.split('.')[0]!.replace(/ +$/, '')
  return DEVICE.test(stem)
}

/**
 * A name as file systems that ignore case compare it (Windows, and macOS by default): two names
 * equal once folded are one file there. Each letter is upper-cased first, as NTFS compares names, so
 * that letters with two lower-case forms meet (σ and ς, s and ſ, i and ı, µ and μ), then lower-cased,
 * so that those with two upper-case forms do too (k and the Kelvin sign); a letter whose case is
 * written with two (ß → SS, ﬁ → FI, İ → i̇) stays itself, as those file systems keep it.
 */
export function caseFolded(name: string): string {
  let folded = ''
  for (const letter of name.normalize('NFC')) {
    const upper = letter.toUpperCase()
    const one = [...upper].length === 1 ? upper : letter
    const lower = one.toLowerCase()
    folded += [...lower].length === 1 ? lower : one
  }
  return folded
}

/**
 * The nearest name every clone can hold (isNonPortableName false): characters Windows refuses
 * become `-`, trailing dots and spaces go, and a device name gets `-file` after its stem
 * (`con.png` becomes `con-file.png`). For a file the person named elsewhere (an upload).
 */
export function portableName(name: string): string {
  const cleaned = name.replace(/[<>:"|?*]/g, '-').replace(/[. ]+$/, '') || 'file'
  const dot = cleaned.indexOf('.')
  const stem = dot < 0 ? cleaned : cleaned.slice(0, dot)
  if (!DEVICE.test(stem.replace(/ +$/, ''))) return cleaned
  return `${stem.replace(/ +$/, '')}-file${dot < 0 ? '' : cleaned.slice(dot)}`
}
