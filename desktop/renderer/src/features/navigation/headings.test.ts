import { describe, expect, it } from 'vitest'
import { slugOf } from './headings.ts'

describe('slugOf', () => {
  it('makes an id of a heading’s words, in lower case and without accents', () => {
    expect(slugOf('Getting started')).toBe('getting-started')
    expect(slugOf('  Élan & Œuvre: 2 steps! ')).toBe('elan-œuvre-2-steps')
    expect(slugOf('???')).toBe('')
  })
})
