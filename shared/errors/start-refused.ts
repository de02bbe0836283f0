/**
 * A start the host refuses, with what the operator must do: said as one line, without a stack
 * trace, before anything is served or written.
 */
export class StartRefused extends Error {
  override readonly name = 'StartRefused'
}
