import { portableName } from '#shared/domain/portable-names.ts'
import { uploadFile } from './file-api.ts'
import { folderOf, linkTarget } from './page-paths.ts'

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|avif|svg|bmp)$/i

/** A file's bytes as Base64, read by the browser (no string built byte by byte). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** The Markdown that links a file put beside the page: an image is shown, anything else linked. */
export function markdownLinkTo(name: string): string {
  const dot = name.lastIndexOf('.')
  const label = (dot > 0 ? name.slice(0, dot) : name).replace(/[[\]\\]/g, '\\$&')
  const target = linkTarget(name)
  return IMAGE_EXTENSIONS.test(name) ? `![${label}](${target})` : `[${label}](${target})`
}

/**
 * Puts a file in the page's folder under a name every clone holds, never over an existing one (the
 * server answers 409 then), and gives back the Markdown link to it, relative to the page, the
 * name it was given, and where it is and which version (to take it back).
 */
export async function uploadBeside(
  org: string,
  space: string,
  pagePath: string,
  file: File,
): Promise<{ link: string; name: string; path: string; sha: string }> {
  // Named so that every clone holds it (a name from a Linux or macOS desktop may not be), in NFC as
  // the server keeps names (macOS gives them decomposed), so that the link finds it.
  const name = portableName(file.name.normalize('NFC'))
  const written = await uploadFile(org, space, `${folderOf(pagePath)}${name}`, await base64Of(file))
  return { link: markdownLinkTo(name), name, path: written.path, sha: written.sha }
}
