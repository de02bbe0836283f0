/** A file the person picked, as the inbox takes it: its name and its bytes in base64. */
export type Attachment = { name: string; content_base64: string }

/** Reads picked files for a drop (`content_base64` without the data URL's prefix). */
export function readAttachments(files: readonly File[]): Promise<Attachment[]> {
  return Promise.all(files.map(readAttachment))
}

function readAttachment(file: File): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = String(reader.result)
      resolve({ name: file.name, content_base64: url.slice(url.indexOf(',') + 1) })
    }
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** The address of a note's attachment (served as a download, never shown inline). */
export function attachmentUrl(org: string, space: string, name: string, filename: string): string {
  return `/api/v1/organizations/${encodeURIComponent(org)}/spaces/${encodeURIComponent(space)}/inbox/${encodeURIComponent(name)}/files/${encodeURIComponent(filename)}`
}
