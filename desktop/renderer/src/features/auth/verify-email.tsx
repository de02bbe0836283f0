/** Placeholder: the screen lands in the next commits. */
export function VerifyEmail() {
  return <main id="main" />
}
