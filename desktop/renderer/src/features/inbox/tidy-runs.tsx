/** Placeholder until the screen is built. */
export function TidyRuns() {
  return <h1>TidyRuns</h1>
}
