/** Placeholder until the screen is built. */
export function HealthReport() {
  return <h1>HealthReport</h1>
}
