import { describe, expect, it } from 'vitest'
import { webAddressFault } from './web-address.ts'

describe('webAddressFault', () => {
  it.each([
    ['https://hooks.example.com/in', undefined],
    ['http://10.0.0.5:8080/hook', undefined],
    ['not a url', 'not_url'],
    ['ftp://files.example.com/', 'not_http'],
    ['https://user:pass@hooks.example.com/in', 'credentials'],
    ['https://token@hooks.example.com/in', 'credentials'],
    ['https://:pass@hooks.example.com/in', 'credentials'],
  ])('%s: %s', (value, fault) => {
    expect(webAddressFault(value)).toBe(fault)
  })
})
