import type { ToolAnnotations } from '@modelcontextprotocol/server'
import { z } from 'zod'
import type { Locale } from '../errors/catalog.ts'
import type { Deps } from '../ports/deps.ts'
import type { Actor } from '../services/access/actor.ts'
import type { SpaceRef } from '../services/content/content-files.ts'

/** What every tool runs with: the services' dependencies and the caller, with its language. */
export type ToolScope = { deps: Deps; actor: Actor; locale: Locale }

/** One tool: its fixed name and input, what it does for a model, and whether it changes anything. */
export type ToolDefinition<Input extends z.ZodType = z.ZodType> = {
  name: string
  title: string
  description: string
  input: Input
  annotations: ToolAnnotations
  /** The readable answer and the REST API's shape of it. */
  run(
    scope: ToolScope,
    input: z.output<Input>,
  ): Promise<{ text: string; structured: Record<string, unknown> }>
}

/** A tool, its input's type inferred from its schema. */
export function defineTool<Input extends z.ZodType>(tool: ToolDefinition<Input>): ToolDefinition {
  return tool as unknown as ToolDefinition
}

/** A space argument: `<org>/<space>`. */
export const SPACE = z
  .string()
  .regex(/^[^/]+\/[^/]+$/, 'A space is named "<org>/<space>"')
  .describe('The space, as "<org>/<space>" (see list_spaces)')

/** A list of spaces to look in. */
export const SPACES = z.array(SPACE).max(100)

/** The organization and space a `space` argument names. */
export function spaceRef(label: string): SpaceRef {
  const [org = '', space = ''] = label.split('/')
  return { org, space }
}

/** Annotations of a tool that changes nothing. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
}
