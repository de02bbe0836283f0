import { z } from 'zod'
import { presentItem } from '../api/routes/inbox.ts'
import { kindOf } from '../domain/file-kinds.ts'
import { DomainError } from '../errors/domain-error.ts'
import { deleteFile } from '../services/content/delete-file.ts'
import { moveFile } from '../services/content/move-file.ts'
import { writeFile } from '../services/content/write-file.ts'
import { dropNote } from '../services/inbox/drop-note.ts'
import { verifyPage } from '../services/quality/verify-page.ts'
import { getSpace } from '../services/spaces/get-space.ts'
import { defineTool, SPACE, spaceRef, type ToolScope } from './tool.ts'

const PATH = z
  .string()
  .min(1)
  .max(1000)
  .describe('A path under the space’s content folder, e.g. "guides/setup.md"')
/**
 * Most bytes (UTF-8) of a page written by MCP: a call's whole body is capped (MCP_MAX_BODY_BYTES),
 * and the text must fit in it with the call and JSON's escapes around it. Counted in bytes, not
 * characters: 2 million accented letters are 4 MB, and a call past the cap is refused before any
 * tool can answer it.
 */
const WRITE_CONTENT_MAX = 3_500_000
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length
const MESSAGE = z.string().max(2000).optional().describe('The commit message (a default names the change)')
const ALLOW_SECRETS = z
  .boolean()
  .optional()
  .describe('Write even though the content looks like it holds a secret (only when it plainly does not)')

/**
 * What to add when a commit did not reach the space's remote: it is kept and pushed later. A space
 * without a remote has nowhere to push, so nothing is said.
 */
async function pushedNote(
  { deps, actor }: ToolScope,
  space: string,
  done: { commit: string | null; pushed: boolean },
) {
  if (done.pushed || !done.commit) return ''
  const { org, space: slug } = spaceRef(space)
  const { space: found } = await getSpace(deps, actor, org, slug)
  return found.repoUrl === '' ? '' : ' (kept; it will be pushed once the remote answers)'
}

const writePage = defineTool({
  name: 'write_page',
  title: 'Write a page',
  description:
    'Creates or replaces a file with the given text, as one commit in your name. A page’s path ends in .md. To replace an existing file, pass the sha read_page gave you as base_sha: if the file changed since, the write is refused with "conflict" and you must read it again. base_sha "" means the file must not exist yet. Content that looks like a password or key is refused with "secret_detected".',
  input: z.object({
    space: SPACE,
    path: PATH,
    content: z
      .string()
      .max(WRITE_CONTENT_MAX)
      .refine((text) => utf8Bytes(text) <= WRITE_CONTENT_MAX, {
        message: `At most ${WRITE_CONTENT_MAX} bytes in UTF-8: write a larger file through the REST API`,
      })
      .describe(
        `The whole new text of the file (Markdown for a page), at most ${WRITE_CONTENT_MAX} bytes in UTF-8; a larger file is written through the REST API`,
      ),
    base_sha: z.string().max(64).optional().describe('The sha you read; "" to require a new file'),
    force: z
      .boolean()
      .optional()
      .describe(
        'Replace the file whatever its current text, without base_sha (a base_sha given is still checked): only when asked to overwrite it; otherwise read it and pass its sha',
      ),
    message: MESSAGE,
    allow_secrets: ALLOW_SECRETS,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(scope, input) {
    const done = await writeFile(scope.deps, scope.actor, spaceRef(input.space), input.path, {
      content: input.content,
      message: input.message,
      baseSha: input.base_sha,
      force: input.force,
      allowSecrets: input.allow_secrets,
    })
    const { created, ...result } = done.result
    const text = done.commit
      ? `${created ? 'Created' : 'Replaced'} ${result.path}: sha ${result.sha}, commit ${done.commit}${await pushedNote(scope, input.space, done)}${created ? notAPage(result.path) : ''}`
      : `${result.path} already had this content (sha ${result.sha}): nothing to commit`
    return { text, structured: { ...result, created, commit: done.commit, pushed: done.pushed } }
  },
})

/**
 * Said of a new file whose name makes it no page, when it was likely meant as one: without `.md`,
 * it has no title, freshness, links or health, and search names it by its file name.
 */
function notAPage(path: string): string {
  if (kindOf(path) !== 'binary') return ''
  return `. Note: without .md this file is not a page (no title, links, freshness or health); move_page it to ${path.replace(/\.[^./]*$/, '')}.md if it was meant as one`
}

const movePage = defineTool({
  name: 'move_page',
  title: 'Move a page',
  description:
    'Moves or renames a file, or a folder with every file in it, and rewrites the links to what moved in other pages, as one commit. dry_run: true lists the pages whose links would change and writes nothing.',
  input: z.object({
    space: SPACE,
    from: PATH.describe(
      'The file’s or folder’s current path under the space’s content folder, e.g. "guides/setup.md" or "guides"',
    ),
    to: PATH.describe(
      'Its new path, e.g. "guides/install.md" or "handbook/guides"; nothing may be there yet',
    ),
    message: MESSAGE,
    dry_run: z.boolean().optional().describe('Only tell what would change'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(scope, { space, dry_run: dryRun, ...input }) {
    const done = await moveFile(scope.deps, scope.actor, spaceRef(space), { ...input, dryRun })
    const links =
      done.result.rewritten.length > 0 ? `; links rewritten in ${done.result.rewritten.join(', ')}` : ''
    const verb = dryRun ? 'Would move' : 'Moved'
    const { folder, moved } = done.result
    const files = folder ? ` (${moved === 1 ? 'its one file' : `${moved} files`})` : ''
    const text =
      !dryRun && done.commit === null
        ? `${done.result.from} is already at ${done.result.to}: nothing to move`
        : `${verb} ${done.result.from} to ${done.result.to}${files}${links}${await pushedNote(scope, space, done)}`
    return {
      text,
      structured: { ...done.result, commit: done.commit, pushed: done.pushed },
    }
  },
})

const deletePage = defineTool({
  name: 'delete_page',
  title: 'Delete a page',
  description:
    'Deletes a file, as one commit (its history stays in Git). Pass the sha you read as base_sha to make sure you delete the version you saw.',
  input: z.object({
    space: SPACE,
    path: PATH,
    base_sha: z.string().max(64).optional().describe('The sha you read'),
    message: MESSAGE,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(scope, { space, path, base_sha: baseSha, message }) {
    const done = await deleteFile(scope.deps, scope.actor, spaceRef(space), path, { baseSha, message })
    return {
      text: `Deleted ${done.result.path}${await pushedNote(scope, space, done)}`,
      structured: { ...done.result, commit: done.commit, pushed: done.pushed },
    }
  },
})

const dropNoteTool = defineTool({
  name: 'drop_note',
  title: 'Drop a note',
  description:
    'Drops a note into a space’s inbox; the tidy-up later files it into the right page. Use it for loose information when you do not know where it belongs. hint says where you think it goes.',
  input: z.object({
    space: SPACE,
    title: z.string().max(200).optional().describe('A short title (taken from the content when absent)'),
    content: z.string().min(1).max(1_000_000).describe('The note, in Markdown'),
    hint: z.string().max(500).optional().describe('Where it may belong, e.g. "guides/setup.md"'),
    origin: z
      .string()
      .max(2000)
      .optional()
      .describe('Where the information comes from: a URL, a meeting, a person (shown with the note)'),
    allow_secrets: ALLOW_SECRETS,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ deps, actor }, { space, allow_secrets: allowSecrets, origin, ...input }) {
    const dropped = await dropNote(deps, actor, spaceRef(space), {
      ...input,
      source: origin,
      allowSecrets,
    }).catch((error: unknown) => {
      // The REST body's `source` is this tool's `origin`: a finding there is named as the tool names it.
      if (error instanceof DomainError && error.params.field === 'source')
        throw new DomainError(error.reason, { ...error.params, field: 'origin' })
      throw error
    })
    const item = presentItem(dropped)
    return { text: `Dropped "${item.title}" into the inbox of ${space} as ${item.name}.`, structured: item }
  },
})

const verifyPageTool = defineTool({
  name: 'verify_page',
  title: 'Verify a page',
  description:
    'Marks a Markdown page as verified today (its content checked and correct), and optionally sets its owner and review interval ("90d", "6m", "1y", "never"). verify: false only changes owner or interval. Only the page’s front matter changes.',
  input: z.object({
    space: SPACE,
    path: PATH,
    owner: z.string().max(100).optional().describe('The username answerable for the page'),
    review_every: z
      .string()
      .max(20)
      .optional()
      .describe('How often to review it: "90d", "6m", "1y", "never"'),
    verify: z.boolean().optional().describe('false: set owner or interval without verifying'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ deps, actor }, { space, path, review_every: reviewEvery, ...input }) {
    const done = await verifyPage(deps, actor, spaceRef(space), path, { ...input, reviewEvery })
    const due = done.freshness.review_due ? `, review due ${done.freshness.review_due}` : ''
    return { text: `${done.path}: ${done.freshness.state}${due}`, structured: done }
  },
})

/** The tools that write: refused to read-only credentials, and to readers by the services. */
export const writeTools = [writePage, movePage, deletePage, dropNoteTool, verifyPageTool]
