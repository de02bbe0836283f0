/** Placeholder until the screen is built. */
export function SearchPage() {
  return <h1>SearchPage</h1>
}
