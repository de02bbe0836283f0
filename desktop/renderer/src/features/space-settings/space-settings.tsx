/** Placeholder until the screen is built. */
export function SpaceSettings() {
  return <h1>SpaceSettings</h1>
}
