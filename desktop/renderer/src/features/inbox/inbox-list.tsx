/** Placeholder until the screen is built. */
export function InboxList() {
  return <h1>InboxList</h1>
}
