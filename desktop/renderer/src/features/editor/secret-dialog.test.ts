import { describe, expect, it } from 'vitest'
import { ApiError } from '../../app/api.ts'
import { findingOf } from './secret-dialog.tsx'

const refusal = (data: Record<string, unknown>) =>
  new ApiError(422, 'secret_detected', 'The path seems to contain a secret.', data, undefined)

describe('a secret finding', () => {
  it('points at a line of the page or of the commit message', () => {
    expect(findingOf(refusal({ rules: 'aws', line: 3 }))).toMatchObject({ field: 'content', line: 3 })
    expect(findingOf(refusal({ rules: 'aws', line: 1, field: 'message' }))).toMatchObject({
      field: 'message',
    })
  })

  it('found in the path, the owner or the author, points at no line of the page', () => {
    for (const field of ['path', 'owner', 'author'])
      expect(findingOf(refusal({ rules: 'aws', line: 1, field }))).toMatchObject({ field: 'other' })
  })
})
