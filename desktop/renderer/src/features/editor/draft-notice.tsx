/** Says a draft kept in the tab was brought back, with the button that drops it. */
export function DraftNotice({
  text,
  discard,
  onDiscard,
}: {
  text: string
  discard: string
  onDiscard: () => void
}) {
  return (
    <div className="draft-notice" role="status">
      <span>{text}</span>
      <button type="button" className="link" onClick={onDiscard}>
        {discard}
      </button>
    </div>
  )
}
