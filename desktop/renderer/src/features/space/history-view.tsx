/** Placeholder until the screen is built. */
export function HistoryView() {
  return <h1>HistoryView</h1>
}
