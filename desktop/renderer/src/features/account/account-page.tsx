/** Placeholder until the screen is built. */
export function AccountPage() {
  return <h1>AccountPage</h1>
}
