/** Placeholder until the screen is built. */
export function InboxItem() {
  return <h1>InboxItem</h1>
}
