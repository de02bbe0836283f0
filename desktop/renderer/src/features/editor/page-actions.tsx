/** What the page view shows to people who may write: edit, move or rename, delete. Placeholder. */
export function PageActions(_props: {
  org: string
  space: string
  path: string
  sha: string
  isMarkdown: boolean
}) {
  return null
}
