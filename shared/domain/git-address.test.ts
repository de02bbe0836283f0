import { describe, expect, it } from 'vitest'
import { isBranchName, isRemoteAddress, isSshAddress } from './git-address.ts'

describe('isRemoteAddress', () => {
  it('accepts an empty address (the service keeps the repository)', () => {
    expect(isRemoteAddress('')).toBe(true)
  })

  it.each([
    'https://github.com/acme/handbook.git',
    'https://git.example.com/acme/handbook',
    'http://git.local/handbook.git',
    'ssh://git@example.com/acme/handbook.git',
    'ssh://git@example.com:2222/acme/handbook.git',
    'git@github.com:acme/handbook.git',
    'deploy.bot@git.example.com:handbook',
  ])('accepts %s', (address) => {
    expect(isRemoteAddress(address)).toBe(true)
  })

  it.each([
    'file:///srv/x',
    'FILE:///srv/x',
    '/srv/repo',
    '../x',
    './repo',
    'C:\\x',
    'C:/repos/x',
    'ftp://example.com/x.git',
    'git://example.com/x.git',
    'git@host://x',
    'git@host:',
    'https://example.com/acme/my repo.git',
    ' https://example.com/acme/repo.git',
    'https://example.com/acme/repo.git\n',
    'git@host:acme/my repo.git',
    'https://example.com',
    'https://example.com/',
    'ssh://example.com',
    'not an address',
  ])('refuses %j', (address) => {
    expect(isRemoteAddress(address)).toBe(false)
  })
})

describe('isBranchName', () => {
  it.each(['main', 'feature/x', 'release-1.2', 'user/feature/deep', 'v1.0', 'fix_bug-42', 'café'])(
    'accepts %s',
    (name) => {
      expect(isBranchName(name)).toBe(true)
    },
  )

  it.each([
    '',
    '-x',
    'a..b',
    'a b',
    'x.lock',
    'feature/x.lock',
    '.hidden',
    'feature/.hidden',
    'a/',
    '/a',
    'a//b',
    'a.',
    '@',
    'a@{1}',
    'a~1',
    'a^',
    'a:b',
    'a?',
    'a*',
    'a[b',
    'a\\b',
    'a\tb',
    'a\u0001b',
    'a\u0000',
    'a\u007f',
    'x'.repeat(201),
  ])('refuses %j', (name) => {
    expect(isBranchName(name)).toBe(false)
  })
})

describe('addresses that ssh or git would read as options', () => {
  it.each([
    'ssh://-oProxyCommand=touch%20x/y',
    'ssh://-oProxyCommand=x@host/y',
    '-x@host:repo',
    'git@-host:repo',
    'https://-host/x',
  ])('refuses %s', (address) => {
    expect(isRemoteAddress(address)).toBe(false)
  })

  it('refuses HEAD as a branch name, as git does', () => {
    expect(isBranchName('HEAD')).toBe(false)
  })
})

describe('addresses carrying a password', () => {
  it.each(['https://alice:s3cret@git.example.com/acme/wiki.git', 'http://x:y@127.0.0.1:8080/r.git'])(
    'refuses %s',
    (address) => {
      expect(isRemoteAddress(address)).toBe(false)
    },
  )

  it('accepts a user name alone', () => {
    expect(isRemoteAddress('https://alice@git.example.com/acme/wiki.git')).toBe(true)
  })
})

describe('isSshAddress', () => {
  it('tells SSH addresses (ssh:// and user@host:path) from HTTP ones', () => {
    expect(isSshAddress('ssh://git@git.example.com/acme/wiki.git')).toBe(true)
    expect(isSshAddress('git@git.example.com:acme/wiki.git')).toBe(true)
    expect(isSshAddress('https://git.example.com/acme/wiki.git')).toBe(false)
    expect(isSshAddress('https://user@git.example.com:8443/acme/wiki.git')).toBe(false)
  })
})
