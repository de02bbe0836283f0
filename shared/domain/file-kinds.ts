/** What the service knows of a file from its name: kind, content type, and whether a browser could run it. */
import { baseName } from './links/paths.ts'

export type FileKind = 'markdown' | 'text' | 'document' | 'image' | 'binary'

/** The lower-cased extension of a path's last segment, without the dot ('' when it has none). */
export function extensionOf(path: string): string {
  const name = baseName(path)
  const dot = name.lastIndexOf('.')
  // A leading dot names a hidden file ('.pdf'), not an extension.
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

const TYPES: Record<string, string> = {
  md: 'text/markdown; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  wasm: 'application/wasm',
}

/** Formats a browser could run or render as a page (scripts, markup): served only as downloads. */
const ACTIVE = new Set([
  'html',
  'htm',
  'xhtml',
  'svg',
  'xml',
  'js',
  'mjs',
  'css',
  'wasm',
  'xsl',
  'xslt',
  'shtml',
  'swf',
])
const TEXT = new Set([
  'txt',
  'csv',
  'json',
  'yaml',
  'yml',
  'html',
  'htm',
  'xml',
  'js',
  'mjs',
  'css',
  'ts',
  'sh',
  'py',
  'toml',
  'ini',
  'log',
  'svg',
])
const DOCUMENTS = new Set(['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'])
const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff'])

/** The kind of a file, from its name. */
export function kindOf(path: string): FileKind {
  const ext = extensionOf(path)
  if (ext === 'md' || ext === 'markdown') return 'markdown'
  if (TEXT.has(ext)) return 'text'
  if (DOCUMENTS.has(ext)) return 'document'
  if (IMAGES.has(ext)) return 'image'
  return 'binary'
}

/** The Content-Type of a known extension; own keys only, so 'x.constructor' is no key of TYPES. */
function typeOf(extension: string): string | undefined {
  return Object.hasOwn(TYPES, extension) ? TYPES[extension] : undefined
}

/** The Content-Type to serve a file's bytes with. */
export function contentTypeOf(path: string): string {
  return typeOf(extensionOf(path)) ?? 'application/octet-stream'
}

/** Whether a browser could run the file or render it as an active page: such files are only downloaded. */
export function isActiveContent(path: string): boolean {
  const extension = extensionOf(path)
  return ACTIVE.has(extension) || typeOf(extension) === undefined
}
