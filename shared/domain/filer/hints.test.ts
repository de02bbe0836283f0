import { describe, expect, it } from 'vitest'
import { OPS_WIKI } from '../../testing/fixtures/filer/wikis.ts'
import { isSafePath, readHint } from './hints.ts'
import { buildIndex } from './page-index.ts'

const index = buildIndex(OPS_WIKI.pages)
const pageAt = (path: string) => index.pages.findIndex((p) => p.path === path)

describe('readHint', () => {
  it.each([
    'services/search.md',
    'services/search',
    'content/services/search.md',
    '/content/services/search',
    './services/search.md',
    'Services/Search.MD',
    '  [[services/search]] ',
    '`services/search.md`',
    'services\\search.md',
  ])('reads %j as the search page', (hint) => {
    expect(readHint(hint, index)).toEqual({ kind: 'page', page: pageAt('services/search.md') })
  })

  it('reads a page’s unique title or file name as that page', () => {
    expect(readHint('deploy', index)).toEqual({ kind: 'page', page: pageAt('runbooks/deploy.md') })
    expect(readHint('Certificate renewal', index)).toEqual({
      kind: 'page',
      page: pageAt('runbooks/certificate-renewal.md'),
    })
    expect(readHint('API gateway', index)).toEqual({ kind: 'page', page: pageAt('services/api-gateway.md') })
  })

  it.each(['runbooks', 'runbooks/', 'content/runbooks/', 'RUNBOOKS'])(
    'reads %j as the runbooks folder',
    (hint) => {
      expect(readHint(hint, index)).toEqual({ kind: 'folder', folder: 'runbooks' })
    },
  )

  it('reads a path to no page, ending in .md, as a new page there', () => {
    expect(readHint('services/kafka.md', index)).toEqual({ kind: 'new-page', path: 'services/kafka.md' })
    expect(readHint('Services/Kafka.md', index)).toEqual({ kind: 'new-page', path: 'services/Kafka.md' })
  })

  it('reads a new folder only when the hint ends with a slash', () => {
    expect(readHint('playbooks/', index)).toEqual({ kind: 'folder', folder: 'playbooks' })
    expect(readHint('backup/restore', index)).toEqual({ kind: 'words', text: 'backup/restore' })
    expect(readHint('put it in playbooks/', index)).toEqual({ kind: 'words', text: 'put it in playbooks/' })
  })

  it('reads anything else as words', () => {
    expect(readHint('postgres upgrade', index)).toEqual({ kind: 'words', text: 'postgres upgrade' })
  })

  it('ignores an empty hint', () => {
    expect(readHint('', index)).toEqual({ kind: 'none' })
    expect(readHint('  "" ', index)).toEqual({ kind: 'none' })
    expect(readHint('content/', index)).toEqual({ kind: 'none' })
  })

  it('never reads a path that leaves content/ or writes a hidden file as a place', () => {
    expect(readHint('../secrets.md', index).kind).toBe('words')
    expect(readHint('.service/vocation.md', index).kind).toBe('words')
    expect(readHint('runbooks/../../x.md', index).kind).toBe('words')
  })
})

describe('isSafePath', () => {
  it('accepts plain nested paths', () => {
    expect(isSafePath('maison/travaux 2024/cuisine.md')).toBe(true)
  })

  it.each(['', '/abs.md', 'a//b.md', '../x.md', 'a/./b.md', '.git/config', 'a/ b.md', 'a:b.md'])(
    'refuses %j',
    (path) => {
      expect(isSafePath(path)).toBe(false)
    },
  )
})
