/** Placeholder until the screen is built. */
export function OrgSettings() {
  return <h1>OrgSettings</h1>
}
