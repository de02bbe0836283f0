import { describe, expect, it } from 'vitest'
import { ERROR_STATUS, LOCALES, MESSAGES, messageFor, type Reason } from './catalog.ts'

const reasons = Object.keys(MESSAGES) as Reason[]

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort()
}

describe('MESSAGES', () => {
  it('holds the reasons the services rely on', () => {
    expect(reasons.length).toBeGreaterThan(20)
    expect(reasons).toEqual(expect.arrayContaining(['invalid', 'forbidden', 'not_found', 'internal']))
  })

  it.each(reasons)('%s has an English and a French message', (reason) => {
    for (const locale of LOCALES) {
      expect(MESSAGES[reason][locale].trim()).not.toBe('')
    }
  })

  it.each(reasons)('%s is translated: its French text differs from the English one', (reason) => {
    expect(MESSAGES[reason].fr).not.toBe(MESSAGES[reason].en)
  })

  it.each(reasons)('%s maps to a known error code', (reason) => {
    expect(Object.keys(ERROR_STATUS)).toContain(MESSAGES[reason].code)
  })

  it.each(reasons)('%s uses the same placeholders in English and French', (reason) => {
    const english = placeholders(MESSAGES[reason].en)
    const french = placeholders(MESSAGES[reason].fr)
    for (const name of english) expect(french).toContain(name)
  })
})

describe('ERROR_STATUS', () => {
  it('maps codes to their HTTP statuses', () => {
    expect(ERROR_STATUS).toMatchObject({
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      too_many_requests: 429,
      internal: 500,
    })
  })
})

describe('messageFor', () => {
  it('gives the message in the asked language', () => {
    expect(messageFor('not_found', 'en')).toBe('Not found.')
    expect(messageFor('not_found', 'fr')).toBe('Introuvable.')
  })

  it('fills placeholders from the params', () => {
    expect(messageFor('too_many_requests', 'en', { retry_after: 30 })).toBe(
      'Too many requests: try again in 30 seconds.',
    )
    expect(messageFor('too_many_requests', 'fr', { retry_after: 30 })).toBe(
      'Trop de requêtes : réessayez dans 30 secondes.',
    )
    expect(messageFor('already_exists', 'fr', { value: 'acme' })).toBe('« acme » existe déjà.')
  })

  it('fills a placeholder with text that looks like a placeholder without filling it again', () => {
    expect(messageFor('already_exists', 'en', { value: '{limit}', limit: 5 })).toBe(
      '"{limit}" already exists.',
    )
  })

  it('leaves a placeholder with no param as it is and ignores extra params', () => {
    expect(messageFor('too_large', 'en')).toBe('The request body is larger than {limit} bytes.')
    expect(messageFor('forbidden', 'en', { value: 'x' })).toBe('You are not allowed to do this.')
  })
})
