/** A page of the space, as the writing aids offer it: its path under `content/` and its title. */
export type PageChoice = { path: string; title: string }

/**
 * What the writing aids of the editor (slash menu, `[[` links, pasted links and images) know of
 * the page being written: where it is, the space's pages, and how to upload files beside it.
 */
export type WritingContext = {
  org: string
  space: string
  /** The page being edited (a path under `content/`). */
  path: string
  /** The space's pages, read when asked (the tree may arrive after the editor). */
  pages(): PageChoice[]
  /** Uploads files beside the page and inserts links to them at the cursor. */
  upload(files: File[]): void
}
