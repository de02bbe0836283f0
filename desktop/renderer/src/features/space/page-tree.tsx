/** Placeholder until the tree is built. */
export function PageTree() {
  return null
}
