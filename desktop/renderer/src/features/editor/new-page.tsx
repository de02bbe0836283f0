/** Placeholder until the screen is built. */
export function NewPage() {
  return <h1>NewPage</h1>
}
