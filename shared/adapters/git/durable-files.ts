import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { open, rename, unlink, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Crash-safe file writes for repositories: a file is written under a temporary name in its own
 * folder, flushed, then renamed over the final name, so a crash (even `kill -9` or a power cut)
 * leaves either the old file or the new one, never a torn one. The folder's entry is flushed by
 * `syncFolder`, separately, so a commit can flush all of its folders once.
 */

/** Names of temporary files start with this: Git ignores dot files among refs, and we clean them up. */
export const TEMP_PREFIX = '.tmp-'

/** A temporary name beside `path`, unique to this write. */
export function tempBeside(path: string): string {
  return join(dirname(path), `${TEMP_PREFIX}${basename(path)}-${randomBytes(6).toString('hex')}`)
}

/** Writes `data` to a new file and flushes it to disk (throws ENOENT when its folder is missing). */
export async function writeFlushed(path: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  const handle = await open(path, 'wx', mode)
  try {
    await handle.writeFile(data)
    await handle.datasync()
  } catch (error) {
    // A file cut short (a full disk) is nobody's: it would only hold the space a retry needs.
    await handle.close().catch(() => undefined)
    await unlink(path).catch(() => undefined)
    throw error
  }
  await handle.close()
}

/** Flushes a folder's entries (new, renamed or removed names) to disk. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Replaces a file atomically: temporary file, rename. With `flush` (the default) the file and its
 * folder are flushed too, so the new content survives a power cut; without, it survives a crash.
 */
export async function replaceFile(
  path: string,
  data: Uint8Array | string,
  options: { mode?: number; flush?: boolean } = {},
): Promise<void> {
  const flush = options.flush ?? true
  const temp = tempBeside(path)
  if (flush) await writeFlushed(temp, data, options.mode)
  else
    await writeFile(temp, data, { flag: 'wx', mode: options.mode ?? 0o644 }).catch(async (error: unknown) => {
      await unlink(temp).catch(() => undefined)
      throw error
    })
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => undefined)
    throw error
  }
  if (flush) await syncFolder(dirname(path))
}

/** What a read without a path answers: made once, so answering costs no stack trace. */
const NO_PATH = Object.assign(new TypeError('a path is needed'), { code: 'ERR_INVALID_ARG_TYPE' })

/**
 * Node's `fs` with every whole-file write made atomic and durable, for isomorphic-git: its writes of
 * packs, indexes, config, HEAD and refs then never leave a torn file behind.
 *
 * isomorphic-git wraps the `fs` it is given anew at each call, and tells a promise API from a callback
 * one by calling `readFile()` without a path, twice: Node builds an error with its stack trace for
 * that (about 45 µs a call). A read without a path is answered here from an error made once: listing
 * the sizes of 10,000 blobs (a space's tree, read on a cold start) took 0.9 s more without it.
 */
export const durableFs = {
  ...fs,
  promises: {
    ...fs.promises,
    readFile: ((path: Parameters<typeof fs.promises.readFile>[0], options?: unknown) =>
      path === undefined
        ? Promise.reject(NO_PATH)
        : fs.promises.readFile(
            path,
            options as Parameters<typeof fs.promises.readFile>[1],
          )) as typeof fs.promises.readFile,
    writeFile: (path: string, data: Uint8Array | string, options?: { mode?: number } | string) =>
      replaceFile(path, data, typeof options === 'object' && options?.mode ? { mode: options.mode } : {}),
  },
}
