/** Placeholder until the screen is built. */
export function PageView() {
  return <h1>PageView</h1>
}
