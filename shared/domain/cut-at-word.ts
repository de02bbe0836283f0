/**
 * Text shortened to at most `max` characters and an ellipsis, for a label: cut at the last space when one
 * falls in the second half, so words stay whole; trailing spaces dropped. Text that fits is kept as is.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}
