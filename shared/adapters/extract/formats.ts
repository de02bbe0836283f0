/** Which file names the text extractor reads, and which reader each one goes to. */

/** A reader inside the extraction worker: one library per family of formats. */
export type FormatKind = 'pdf' | 'docx' | 'office' | 'image'

/** The officeparser file type for each format it reads (it needs the hint to skip sniffing the archive). */
export type OfficeFileType = 'pptx' | 'xlsx' | 'odt' | 'ods' | 'odp' | 'rtf'

export type Format =
  | { kind: Exclude<FormatKind, 'office'>; extension: string }
  | { kind: 'office'; extension: string; officeType: OfficeFileType }

const KINDS: Readonly<Record<string, FormatKind>> = {
  pdf: 'pdf',
  docx: 'docx',
  pptx: 'office',
  xlsx: 'office',
  odt: 'office',
  ods: 'office',
  odp: 'office',
  rtf: 'office',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  bmp: 'image',
  gif: 'image',
  tif: 'image',
  tiff: 'image',
}

/** The lower-cased extension of a path's last segment, without the dot ('' when it has none). */
export function extensionOf(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1)
  const dot = name.lastIndexOf('.')
  // A leading dot names a hidden file ('.pdf'), not an extension.
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** The format a path names, or undefined when the extractor does not read it. */
export function formatOf(path: string): Format | undefined {
  const extension = extensionOf(path)
  if (!Object.hasOwn(KINDS, extension)) return undefined
  const kind = KINDS[extension]!
  return kind === 'office'
    ? { kind, extension, officeType: extension as OfficeFileType }
    : { kind, extension }
}

/** Whether the extractor reads a path's format, decided by its extension alone. */
export function handles(path: string): boolean {
  return formatOf(path) !== undefined
}

/** The extensions read, for documentation and listings. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.keys(KINDS)
