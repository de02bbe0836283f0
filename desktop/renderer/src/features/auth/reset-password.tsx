/** Placeholder: the screen lands in the next commits. */
export function ResetPassword() {
  return <main id="main" />
}
