/** The page view's Verify button and its dialog (owner, review interval). Placeholder. */
export function VerifyButton(_props: { org: string; space: string; path: string }) {
  return null
}
