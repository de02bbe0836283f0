/** Which file names the text extractor reads, and which reader each one goes to. */
import { extensionOf } from '../../domain/file-kinds.ts'

// The extension rule is the one that decides a file's kind, so the extractor reads what kindOf sends it.
export { extensionOf }

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
