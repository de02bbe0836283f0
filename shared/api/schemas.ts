import { z } from '@hono/zod-openapi'
import { DESCRIPTION_MAX, MAX_TOKEN_DAYS, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../domain/limits.ts'
import { ORG_ROLES, SPACE_MEMBER_ROLES } from '../domain/roles.ts'
import { LOCALES } from '../errors/catalog.ts'

/** Request and response shapes of the REST API; TypeScript types and OpenAPI both come from here. */

const timestamp = z.string().openapi({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
const name = z.string().trim().min(1).max(NAME_MAX)
const description = z.string().max(DESCRIPTION_MAX)
const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

export const ErrorSchema = z
  .object({ error: z.string().openapi({ example: 'not_found' }), message: z.string() })
  .openapi('Error')

export const ValidationErrorSchema = z
  .object({
    detail: z.array(
      z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() }),
    ),
  })
  .openapi('ValidationError')

export const AccountSchema = z
  .object({
    username: z.string(),
    display_name: z.string(),
    email: z.string(),
    locale: z.enum(LOCALES).nullable(),
    is_superadmin: z.boolean(),
    is_active: z.boolean(),
  })
  .openapi('Account')

export const SignInSchema = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
})

export const ChangePasswordSchema = z.object({
  current_password: z.string().max(PASSWORD_MAX),
  new_password: password,
})

export const TokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    hint: z.string().openapi({ description: 'Last 4 characters of the token' }),
    created_at: timestamp,
    expires_at: timestamp.nullable().openapi({ description: 'null when created with days: null' }),
    last_used_at: timestamp.nullable(),
    read_only: z.boolean(),
    space_ids: z.array(z.string()).nullable().openapi({
      description: '`<org>/<space>` the token is restricted to; null for every space, including future ones',
    }),
  })
  .openapi('Token')

export const NewTokenSchema = TokenSchema.extend({
  token: z.string().openapi({ description: 'The secret, returned once only' }),
}).openapi('NewToken')

export const CreateTokenSchema = z.object({
  name,
  days: z.number().int().min(1).max(MAX_TOKEN_DAYS).nullable().optional().openapi({
    description: 'Days until expiry; null for no expiry; 90 when absent',
  }),
  read_only: z.boolean().optional(),
  spaces: z
    .array(z.string())
    .max(1000)
    .optional()
    .openapi({ description: '`<org>/<space>`; absent for every space' }),
})

export const CreateUserSchema = z.object({
  username: z.string().min(1).max(39),
  display_name: z.string().max(NAME_MAX).optional(),
  password,
  email: z.union([z.email(), z.literal('')]).optional(),
  is_superadmin: z.boolean().optional(),
})

export const UpdateUserSchema = z.object({
  display_name: z.string().max(NAME_MAX).optional(),
  email: z.union([z.email(), z.literal('')]).optional(),
  locale: z.enum(LOCALES).nullable().optional(),
  is_active: z.boolean().optional(),
  is_superadmin: z.boolean().optional(),
})

export const OrganizationSchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), role: z.enum(ORG_ROLES) })
  .openapi('Organization')

export const OrganizationDetailsSchema = OrganizationSchema.extend({ created_at: timestamp }).openapi(
  'OrganizationDetails',
)

export const CreateOrganizationSchema = z.object({
  slug: z.string().min(1).max(63),
  name,
  description: description.optional(),
  join: z.boolean().optional().openapi({ description: 'The creator becomes admin' }),
})

export const UpdateOrganizationSchema = z.object({
  name: name.optional(),
  description: description.optional(),
})

export const OrgMemberSchema = z
  .object({ username: z.string(), display_name: z.string(), role: z.enum(ORG_ROLES) })
  .openapi('OrganizationMember')

export const SetOrgMemberSchema = z.object({ role: z.enum(ORG_ROLES) })

const spaceRole = z.enum(['reader', 'contributor', 'admin'])

export const SpaceSchema = z
  .object({
    organization: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    repo_url: z.string(),
    branch: z.string(),
    role: spaceRole,
  })
  .openapi('Space')

export const SpaceDetailsSchema = SpaceSchema.extend({
  review_every: z.string().openapi({ description: '`90d`, `6m`, `1y`, `never`, or empty for never' }),
  created_at: timestamp,
}).openapi('SpaceDetails')

export const CreateSpaceSchema = z.object({
  slug: z.string().min(1).max(63),
  name,
  description: description.optional(),
  repo_url: z.string().max(2000).optional(),
  branch: z.string().max(200).optional(),
})

export const UpdateSpaceSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  repo_url: z.string().max(2000).optional(),
  branch: z.string().max(200).optional(),
  review_every: z.string().max(20).optional(),
})

export const SpaceMemberSchema = z
  .object({ username: z.string(), display_name: z.string(), role: z.enum(SPACE_MEMBER_ROLES) })
  .openapi('SpaceMember')

export const SetSpaceMemberSchema = z.object({ role: z.enum(SPACE_MEMBER_ROLES) })

export const VocationTemplateSchema = z
  .object({ key: z.string(), label: z.string(), summary: z.string(), text: z.string() })
  .openapi('VocationTemplate')

export const OrgParams = z.object({ org: z.string().openapi({ param: { name: 'org', in: 'path' } }) })
export const SpaceParams = OrgParams.extend({
  space: z.string().openapi({ param: { name: 'space', in: 'path' } }),
})
export const UsernameParam = { username: z.string().openapi({ param: { name: 'username', in: 'path' } }) }

export const FileParams = SpaceParams.extend({
  path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'guides/setup.md' }),
})

export const TreeEntrySchema = z
  .object({ path: z.string(), size: z.number().int(), sha: z.string() })
  .openapi('TreeEntry')

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

export const WriteFileSchema = z.object({
  content: z.string().optional(),
  content_base64: z.string().optional(),
  message: z.string().max(2000).optional(),
  base_sha: z.string().max(64).optional(),
  force: z.boolean().optional(),
  allow_secrets: z.boolean().optional(),
})

export const WrittenSchema = z
  .object({ path: z.string(), sha: z.string(), commit: z.string().nullable(), pushed: z.boolean() })
  .openapi('Written')

export const MoveSchema = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  message: z.string().max(2000).optional(),
})

export const MovedSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    commit: z.string().nullable(),
    pushed: z.boolean(),
    rewritten: z.array(z.string()),
  })
  .openapi('Moved')

export const CommitSchema = z
  .object({
    commit: z.string(),
    author: z.string(),
    email: z.string(),
    date: z.string(),
    subject: z.string(),
  })
  .openapi('Commit')

export const GitStateSchema = z
  .object({
    status: z.enum(['local', 'pending', 'ok', 'ahead', 'error', 'conflict']),
    repo_url: z.string(),
    branch: z.string(),
    head: z.string().nullable(),
    last_sync_at: z.string().nullable(),
    last_error: z.string().nullable(),
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

export const InboxItemSchema = z
  .object({
    name: z.string(),
    type: z.enum(['note', 'change']),
    title: z.string(),
    deposited_by: z.string(),
    deposited_at: z.string(),
    status: z
      .enum(['pending', 'left'])
      .openapi({ description: '`pending`: to process; `left`: left by the tidy-up with a reason' }),
    reason: z.string(),
    hint: z.string(),
    source: z
      .string()
      .openapi({ description: 'The channel it came through (api, web, mcp, desktop, git, tidy)' }),
    via: z.string().openapi({ description: 'The client or token it came through' }),
    origin: z.string().openapi({ description: 'Where the information comes from' }),
    attachments: z.array(z.object({ name: z.string(), size: z.number().int() })),
    path: z.string().optional().openapi({ description: 'For a change: the page, relative to content/' }),
  })
  .openapi('InboxItem')

export const InboxItemWithBodySchema = InboxItemSchema.extend({
  body: z
    .string()
    .openapi({ description: 'The text of a note, or the commits and the diff of a changed page' }),
}).openapi('InboxItemWithBody')

export const DropSchema = z.object({
  title: z.string().max(200).optional(),
  content: z.string().optional(),
  hint: z.string().max(500).optional(),
  source: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: 'Where the information comes from (stored as `origin`)' }),
  attachments: z
    .array(z.object({ name: z.string().min(1).max(255), content_base64: z.string() }))
    .max(20)
    .optional(),
  allow_secrets: z.boolean().optional(),
})

export const CorrectSchema = z.object({
  title: z.string().max(200).optional(),
  content: z.string().optional(),
  hint: z.string().max(500).optional(),
  source: z.string().max(2000).optional(),
  allow_secrets: z.boolean().optional(),
})

export const MoveNoteSchema = z.object({ space: z.string().min(1).openapi({ example: 'acme/handbook' }) })

export const InboxParams = SpaceParams.extend({
  name: z.string().openapi({ param: { name: 'name', in: 'path' } }),
})

export const PendingNoteSchema = z
  .object({
    space: z.string(),
    name: z.string(),
    title: z.string(),
    deposited_by: z.string(),
    deposited_at: z.string(),
  })
  .openapi('PendingNote')

const provider = z.enum(['openai', 'anthropic', 'openai-compatible'])

export const AiSettingsSchema = z
  .object({
    provider,
    model: z.string(),
    base_url: z.string(),
    effort: z.string(),
    has_key: z.boolean(),
    price_input: z.number().nullable().openapi({ description: 'Per million input tokens' }),
    price_output: z.number().nullable().openapi({ description: 'Per million output tokens' }),
    monthly_budget: z.number().nullable(),
    month_spent: z.number(),
    metered: z.boolean(),
  })
  .openapi('AiSettings')

export const PutAiSchema = z.object({
  provider,
  model: z.string().min(1).max(200),
  effort: z.string().max(20).optional(),
  api_key: z.string().max(2000).nullable().optional(),
  monthly_budget: z.number().positive().nullable().optional(),
  base_url: z.string().max(2000).optional(),
  price_input: z.number().nonnegative().nullable().optional(),
  price_output: z.number().nonnegative().nullable().optional(),
})

export const AiTestSchema = z.object({ message: z.string().min(1).max(10_000) })

export const AiTestResultSchema = z
  .object({
    ok: z.boolean(),
    reply: z.string(),
    model: z.string(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost: z.number(),
    error: z.string().nullable(),
  })
  .openapi('AiTestResult')

export const TidySettingsSchema = z.object({
  enabled: z.boolean().optional(),
  time: z.string().max(5).optional().openapi({ example: '03:00' }),
  timezone: z.string().max(100).optional().openapi({ example: 'Europe/Paris' }),
  model: z.string().max(200).optional(),
  delay: z
    .number()
    .int()
    .min(0)
    .max(10_080)
    .optional()
    .openapi({ description: 'Minutes after the last drop; 0 is off' }),
})

export const TidyRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    trigger: z.enum(['manual', 'daily', 'continuous']),
    model: z.string(),
    items_done: z.number().int(),
    items_left: z.number().int(),
    summary: z.string(),
    operations: z.array(z.record(z.string(), z.unknown())),
    commit: z.string().nullable(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost: z.number(),
    error: z.string().nullable(),
    reverted_at: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .openapi('TidyRun')

export const SnippetSchema = z.object({
  line: z.number().int(),
  text: z.string(),
  before: z.string(),
  after: z.string(),
})

export const SearchResultSchema = z
  .object({
    space: z.string(),
    path: z.string(),
    title: z.string(),
    score: z.number(),
    match: z.enum(['text', 'meaning', 'both']),
    extracted: z.boolean(),
    verified: z.boolean(),
    stale: z.boolean(),
    freshness: FreshnessSchema.nullable(),
    snippets: z.array(SnippetSchema),
  })
  .openapi('SearchResult')

export const VerifySchema = z.object({
  owner: z.string().max(200).optional(),
  review_every: z.string().max(20).optional(),
  verify: z.boolean().optional(),
})

export const VerifiedSchema = z
  .object({ commit: z.string().nullable(), path: z.string(), freshness: FreshnessSchema })
  .openapi('Verified')

export const RelatedSchema = z
  .object({
    path: z.string(),
    title: z.string(),
    score: z.number(),
    reason: z.enum(['meaning', 'words', 'backlink', 'link', 'shared', 'folder']),
    reasons: z.array(z.enum(['meaning', 'words', 'backlink', 'link', 'shared', 'folder'])),
    label: z.string(),
    linked: z.boolean(),
  })
  .openapi('RelatedPage')

export const HealthSchema = z
  .object({
    broken: z.array(z.object({ page: z.string(), link: z.string(), suggestion: z.string().nullable() })),
    orphans: z.array(z.string()),
    empty: z.array(z.string()),
    untitled: z.array(z.string()),
    stale: z.array(z.object({ page: z.string(), date: z.string() })),
    due: z.array(
      z.object({
        path: z.string(),
        owner: z.string().nullable(),
        verified: z.string().nullable(),
        due: z.string(),
      }),
    ),
    unowned: z.array(z.string()),
    counts: z.record(z.string(), z.number()),
  })
  .openapi('WikiHealth')

export const EmbeddingSettingsSchema = z
  .object({
    provider: z.enum(['openai', 'openai-compatible']),
    model: z.string(),
    base_url: z.string(),
    has_key: z.boolean(),
  })
  .openapi('EmbeddingSettings')

export const PutEmbeddingsSchema = z.object({
  provider: z.enum(['openai', 'openai-compatible']),
  model: z.string().min(1).max(200),
  api_key: z.string().max(2000).nullable().optional(),
  base_url: z.string().max(2000).optional(),
})
