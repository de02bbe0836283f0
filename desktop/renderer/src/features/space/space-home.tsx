/** Placeholder until the screen is built. */
export function SpaceHome() {
  return <h1>SpaceHome</h1>
}
