/** Options shared by the adapters that run their work in worker threads (text extraction, embedding). */

/**
 * The parent's Node options, less those that only make sense for the main script: a worker started
 * under `node --input-type=module -e` would otherwise refuse to start.
 */
export function workerExecArgv(): string[] {
  const args: string[] = []
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i]!
    if (arg === '--input-type') i++
    else if (!arg.startsWith('--input-type=')) args.push(arg)
  }
  return args
}

/** The option's value, its default when unset; anything but a positive number is a programming error. */
export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number`)
  return value
}
