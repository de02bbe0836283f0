import type { z } from '@hono/zod-openapi'
import type { PurposeSchema, PurposeWrittenSchema, WritePurposeSchema } from '#shared/api/schemas-content.ts'
import { request, spaceUrl } from '../../app/api.ts'

/**
 * The vocation and the tidy rules of a space. Their routes are made in one loop on the server, which
 * the typed client cannot follow: they are called here, typed by the server's own schemas.
 */
export type PurposeKind = 'vocation' | 'tidy-rules'

/** The text, its sha, whether it waits for the first sync, and its last changes. */
export type Purpose = z.infer<typeof PurposeSchema>

/** What a write answers: its commit (null when nothing changed), whether it is held until the first sync. */
export type PurposeWritten = z.infer<typeof PurposeWrittenSchema>

/** What a write sends: the text, the sha read, and whether a likely secret is meant. */
export type PurposeWrite = z.input<typeof WritePurposeSchema>

/** Reads the vocation or the tidy rules of a space. */
export function readPurpose(org: string, space: string, kind: PurposeKind): Promise<Purpose> {
  return request<Purpose>('GET', `${spaceUrl(org, space)}/${kind}`)
}

/** Writes the vocation or the tidy rules of a space (409 when it changed since `base_sha`). */
export function writePurpose(org: string, space: string, kind: PurposeKind, body: PurposeWrite) {
  return request<PurposeWritten>('PUT', `${spaceUrl(org, space)}/${kind}`, body)
}
