import {
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server'
import { z } from 'zod'
import { type Locale, messageFor } from '../errors/catalog.ts'
import { DomainError } from '../errors/domain-error.ts'
import type { Deps } from '../ports/deps.ts'
import type { Actor } from '../services/access/actor.ts'
import { readFile } from '../services/content/content-files.ts'
import { notFoundHint } from './path-hints.ts'
import { readTools } from './read-tools.ts'
import { refusal } from './results.ts'
import type { ToolDefinition, ToolScope } from './tool.ts'
import { writeTools } from './write-tools.ts'

/** The name and version the server reports to clients. */
const SERVER_INFO = { name: 'quire', version: '1.0.0' }

const INSTRUCTIONS =
  'A Git-backed knowledge base. Spaces are named "<org>/<space>" (list_spaces). Find pages with search, read them with read_page, and write with write_page, passing the sha you read as base_sha. Drop loose information into a space’s inbox with drop_note: the tidy-up files it into pages.'

/** How a caller's server differs from the default one. */
export type McpServerOptions = {
  /** A read-only credential listing its tools: the write tools are left out. */
  hideWrites?: boolean
  /** Told of an unexpected error in a tool or a resource read (the caller only gets `internal`). */
  onFailure?: (error: unknown, what: string) => void
}

/**
 * An MCP server for one caller: the read tools, the write tools unless `hideWrites` (a read-only
 * credential listing its tools), and the pages as resources. Every tool calls one service, which
 * checks the caller's rights, so a write tool called anyway answers `forbidden`.
 */
export function mcpServerFor(deps: Deps, actor: Actor, locale: Locale, options: McpServerOptions = {}) {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })
  const scope: ToolScope = { deps, actor, locale }
  // What no catalogued reason explains is a fault of ours: the caller gets `internal`, the log the error.
  const report = (error: unknown, what: string) => {
    if (!(error instanceof DomainError)) options.onFailure?.(error, what)
  }
  for (const tool of readTools) register(server, scope, tool, report)
  for (const tool of writeTools) {
    const registered = register(server, scope, tool, report)
    if (options.hideWrites) registered.disable()
  }
  server.registerResource(
    'page',
    new ResourceTemplate('quire://{org}/{space}/{+path}', { list: undefined }),
    {
      title: 'Page',
      description: 'A file of a space, by its path under content/',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      let file: Awaited<ReturnType<typeof readFile>>
      try {
        file = await readFile(
          deps,
          actor,
          { org: decoded(variables.org), space: decoded(variables.space) },
          decoded(variables.path),
        )
      } catch (error) {
        if (error instanceof DomainError && error.code === 'not_found')
          throw new ResourceNotFoundError(uri.href)
        report(error, 'resources/read')
        const known = error instanceof DomainError ? error : new DomainError('internal')
        const text = `${known.code}: ${messageFor(known.reason, locale, known.params)}`
        // An address naming no readable path is the caller's mistake, as a missing page is.
        if (known.code === 'invalid') throw new ProtocolError(ProtocolErrorCode.InvalidParams, text)
        throw new Error(text)
      }
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: file.kind === 'markdown' ? 'text/markdown' : 'text/plain',
            text: file.text,
          },
        ],
      }
    },
  )
  return server
}

/**
 * A variable of a page's address as the file's name: the address carries a path percent-encoded
 * (`notes/caf%C3%A9%20menu.md`), the repository the plain name. A malformed escape names no page.
 */
function decoded(value: string | string[] | undefined): string {
  try {
    return decodeURIComponent(String(value))
  } catch {
    throw new DomainError('not_found')
  }
}

/**
 * A tool's input as the SDK sees it: listed with the schema's JSON Schema, but letting any arguments
 * through, so the tool checks them itself and refuses bad ones as `invalid: …` in the caller's
 * language, as it refuses everything else (the SDK's own refusal names no code and speaks English).
 */
function advertised(schema: z.ZodType): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'quire',
      validate: (value: unknown) => ({ value }),
      jsonSchema: schema['~standard'].jsonSchema,
    },
  }
}

/** Zod's own messages in French, for the arguments of a French-speaking caller. */
const FRENCH = z.locales.fr().localeError

/** The arguments of a call checked against the tool's schema; `tool_arguments_invalid` names what is wrong. */
function checked(tool: ToolDefinition, input: unknown, locale: Locale): unknown {
  const parsed = tool.input.safeParse(input ?? {}, locale === 'fr' ? { error: FRENCH } : undefined)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(arguments)'}: ${i.message}`)
  throw new DomainError('tool_arguments_invalid', { value: issues.join('; ') })
}

/** Registers one tool, whose every refusal is a tool result and whose faults are reported. */
function register(
  server: McpServer,
  scope: ToolScope,
  tool: ToolDefinition,
  report: (error: unknown, what: string) => void,
) {
  return server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: advertised(tool.input),
      annotations: tool.annotations,
    },
    async (input: unknown) => {
      try {
        const { text, structured } = await tool.run(scope, checked(tool, input, scope.locale))
        return { content: [{ type: 'text' as const, text }], structuredContent: structured }
      } catch (error) {
        report(error, tool.name)
        const hint =
          error instanceof DomainError && error.code === 'not_found' && input && typeof input === 'object'
            ? await notFoundHint(scope, input as Record<string, unknown>).catch(() => undefined)
            : undefined
        return refusal(error, scope.locale, tool.name, hint)
      }
    },
  )
}
