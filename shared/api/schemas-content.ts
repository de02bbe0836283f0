import { z } from '@hono/zod-openapi'
import { hasControlChar } from '../domain/control-chars.ts'
import { COMMIT_ID } from '../domain/git-names.ts'
import { SYNC_ERROR_CODES } from '../domain/sync-errors.ts'
import { HISTORY_PAGE } from '../services/content/content-files.ts'
import { missingField, SpaceParams } from './schemas.ts'

/** Request and response shapes of content, Git and the vocation. */

export const FileParams = SpaceParams.extend({
  path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'guides/setup.md' }),
})

export const TreeEntrySchema = z
  .object({
    path: z.string(),
    size: z.number().int(),
    sha: z.string(),
    title: z.string().nullable().openapi({
      description:
        'A Markdown page’s title as the search index knows it (front matter `title`, else its first heading, else its file name without the extension); `null` for any other file',
    }),
  })
  .openapi('TreeEntry')

export const TreeFolderSchema = z
  .object({
    path: z.string(),
    type: z.literal('folder'),
    files: z.number().int().openapi({ description: 'How many files the folder holds, at any depth' }),
  })
  .openapi('TreeFolder', {
    description: 'A folder below the asked `depth`, listed once in place of the files it holds',
  })

/**
 * A folder path relative to `content/`: segments, none empty, `.` or `..`, and no control character,
 * which no path of a space holds (slashes around it are dropped).
 */
const folderPath = z
  .string()
  .max(1000)
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .refine(
    (value) =>
      !hasControlChar(value) &&
      (value === '' || value.split('/').every((s) => s !== '' && s !== '.' && s !== '..')),
    {
      message:
        'A folder is a path of names separated by single slashes, without `.`, `..` or control characters',
    },
  )

/** Whether a cursor is one the tree gives: a position's UTF-8 text in canonical base64url. */
function isCursor(cursor: string): boolean {
  const bytes = Buffer.from(cursor, 'base64url')
  if (bytes.toString('base64url') !== cursor) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

export const TreeQuery = z.object({
  folder: folderPath.optional().openapi({
    description: 'Only the files under this folder (relative to `content/`, e.g. `guides/setup`)',
    example: 'guides',
  }),
  depth: z.coerce.number().int().min(1).max(100).optional().openapi({
    description:
      'Only the files at most this many levels below the folder (1: the folder’s own files); a deeper folder is listed once as a `TreeFolder`',
  }),
  limit: z.coerce.number().int().min(1).max(10_000).optional().openapi({
    description:
      'At most this many entries; when more follow, the `X-Next-Cursor` header holds the `cursor` of the rest',
  }),
  cursor: z
    .string()
    .regex(/^[\w-]{1,4000}$/)
    .refine(isCursor, 'Not a cursor of this listing: pass the X-Next-Cursor header as it came')
    .optional()
    .openapi({
      description: 'Continue after this entry: the `X-Next-Cursor` of the previous part',
    }),
})

export const FreshnessSchema = z
  .object({
    state: z.enum(['verified', 'stale', 'never']),
    verified: z.boolean(),
    stale: z.boolean(),
    verified_at: z.string().nullable(),
    owner: z.string().nullable(),
    review_due: z.string().nullable(),
    review_every: z.string(),
  })
  .openapi('Freshness')

export const FileSchema = z
  .object({
    path: z.string(),
    kind: z.enum(['markdown', 'text', 'document', 'image', 'binary']),
    sha: z.string(),
    size: z.number().int(),
    text: z
      .string()
      .openapi({ description: 'The content, or text extracted from a PDF, an Office document or an image' }),
    extracted: z.boolean(),
    freshness: FreshnessSchema.optional(),
  })
  .openapi('File')

export const WriteFileSchema = z
  .object({
    content: z.string().optional(),
    content_base64: z.string().optional(),
    message: z.string().max(2000).optional(),
    base_sha: z.string().max(64).optional(),
    force: z.boolean().optional(),
    allow_secrets: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    // One of the two is the file's content: a body with neither misses its one required field.
    if (body.content === undefined && body.content_base64 === undefined) ctx.addIssue(missingField('content'))
    if (body.content !== undefined && body.content_base64 !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['content_base64'],
        message: 'Give content or content_base64, not both',
      })
  })

export const WrittenSchema = z
  .object({ path: z.string(), sha: z.string(), commit: z.string().nullable(), pushed: z.boolean() })
  .openapi('Written')

export const MoveSchema = z.object({
  from: z.string().min(1).openapi({ description: 'A file, or a folder: every file in it moves' }),
  to: z.string().min(1),
  message: z.string().max(2000).optional(),
  dry_run: z
    .boolean()
    .optional()
    .openapi({ description: 'Answer what the move would do (`commit: null`) and write nothing' }),
})

export const MovedSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    commit: z.string().nullable(),
    pushed: z.boolean(),
    folder: z.boolean().openapi({ description: 'Whether `from` was a folder, moved with every file in it' }),
    moved: z
      .number()
      .int()
      .openapi({ description: 'How many files moved: 1 for a file, each file of a folder' }),
    rewritten: z.array(z.string()).openapi({
      description: 'The pages whose text the move rewrites (their links), by their path after it',
    }),
  })
  .openapi('Moved')

export const CommitSchema = z
  .object({
    commit: z.string(),
    author: z.string(),
    email: z.string(),
    date: z.string(),
    subject: z.string(),
    coauthors: z.array(z.string()).openapi({
      description:
        'The names of the people the commit credits besides its author (its `Co-authored-by:` trailers)',
    }),
    path: z.string().optional().openapi({
      description: 'Where the file was at this commit, when it has been moved since (its history follows it)',
    }),
  })
  .openapi('Commit')

/** A commit id, as the history gives it: reads a file as it was then. */
export const FileReadQuery = z.object({
  ref: z
    .string()
    .regex(COMMIT_ID)
    .optional()
    .openapi({ description: 'A commit of the space (from its history): the file as it was then' }),
})

/** How many commits a history gives, and after which one: its pages. */
export const HistoryQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500)
    .optional()
    .openapi({ description: `How many commits (default ${HISTORY_PAGE})` }),
  before: z.string().regex(COMMIT_ID).optional().openapi({
    description:
      'The next page: the `commit` of the last item of the previous one; the commits older than it are given (none when it is not a commit of the branch)',
  }),
})

export const GitStateSchema = z
  .object({
    status: z.enum(['local', 'pending', 'ok', 'ahead', 'error', 'conflict']),
    repo_url: z.string(),
    branch: z.string(),
    head: z.string().nullable(),
    last_sync_at: z.string().nullable(),
    last_error: z.string().nullable(),
    last_error_code: z.enum(SYNC_ERROR_CODES).nullable().openapi({
      description:
        'What kind of failure `last_error` is: `unreachable` (the remote could not be reached), `auth` (credentials refused), `ssh-key` (SSH key refused), `host-key` (SSH host key not the known one), `not-found` (no such repository), `push-refused` (a hook or protected branch refused the push), `busy` (the remote kept moving), `other`. Null when there is no error.',
    }),
    last_error_at: z.string().nullable(),
    next_retry_at: z.string().nullable(),
    ahead: z.number().int(),
    behind: z.number().int(),
    conflicts: z.array(
      z.object({
        path: z.string(),
        local_sha: z.string().nullable(),
        remote_sha: z.string().nullable(),
        detected_at: z.string(),
      }),
    ),
    webhook_url: z.string(),
    has_webhook_secret: z.boolean(),
    has_credentials: z.boolean(),
    credentials_kind: z.enum(['https', 'ssh']).nullable(),
  })
  .openapi('GitState')

export const CredentialsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('https'), token: z.string().min(1).max(4000) }),
  z.object({
    kind: z.literal('ssh'),
    private_key: z.string().min(1).max(20000),
    known_hosts: z.string().min(1).max(20000),
  }),
])

const ConflictSideSchema = z.object({
  sha: z.string().nullable(),
  text: z
    .string()
    .nullable()
    .openapi({ description: 'null when this side deleted the file or it is not text' }),
  deleted: z.boolean(),
})

export const ConflictVersionsSchema = z
  .object({ path: z.string(), local: ConflictSideSchema, remote: ConflictSideSchema })
  .openapi('ConflictVersions')

export const ResolveSchema = z.object({ choices: z.record(z.string(), z.enum(['local', 'remote'])) })

export const PurposeSchema = z
  .object({
    path: z.string(),
    text: z.string(),
    sha: z.string(),
    pending: z.boolean(),
    history: z.array(
      z.object({ commit: z.string(), author: z.string(), date: z.string(), subject: z.string() }),
    ),
  })
  .openapi('Purpose')

export const WritePurposeSchema = z.object({
  text: z.string().max(20_000),
  base_sha: z.string().max(64).optional(),
  allow_secrets: z.boolean().optional(),
})

export const PurposeWrittenSchema = z
  .object({ commit: z.string().nullable(), pending: z.boolean(), path: z.string(), pushed: z.boolean() })
  .openapi('PurposeWritten')
