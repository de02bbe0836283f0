/**
 * Names Windows reserves for devices, whatever their extension (`con.md` opens the console there):
 * CON, PRN, AUX, NUL, COM1 to COM9 and LPT1 to LPT9, in any case.
 */
const DEVICE = /^(con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i
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
 * equal once folded are one file there.
 */
export function caseFolded(name: string): string {
  return name.normalize('NFC').toLowerCase()
}
