/** Placeholder: the screen lands in the next commits. */
export function InvitationPage() {
  return <main id="main" />
}
