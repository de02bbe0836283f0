/** Placeholder: the screen lands in the next commits. */
export function ForgotPassword() {
  return <main id="main" />
}
