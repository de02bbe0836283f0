/** Placeholder until the screen is built. */
export function InstanceAdmin() {
  return <h1>InstanceAdmin</h1>
}
