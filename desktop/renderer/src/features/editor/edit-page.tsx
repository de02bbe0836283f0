/** Placeholder until the screen is built. */
export function EditPage() {
  return <h1>EditPage</h1>
}
