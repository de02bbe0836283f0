import { describe, expect, it } from 'vitest'
import {
  type Action,
  type Credential,
  type Decision,
  decide,
  effectiveOrgRole,
  effectiveSpaceRole,
  type Facts,
  isRestricted,
  POLICY,
} from './policy.ts'
import type { OrgRole, SpaceMemberRole } from './roles.ts'

/** Every action, in the column order of the expected strings below. */
const ACTIONS: readonly Action[] = [
  'account.read',
  'account.manage',
  'account.password',
  'users.read',
  'users.manage',
  'sso.manage',
  'org.create',
  'org.delete',
  'org.read',
  'org.update',
  'org.members.manage',
  'space.create',
  'space.read',
  'space.write',
  'space.admin',
  'space.admin.read',
]

type CredentialName = 'session' | 'full' | 'readOnly' | 'thisSpace' | 'otherSpace'

/** The target space of every row. */
const SPACE_ID = 7

const CREDENTIALS: Record<CredentialName, { credential: Credential; orgHoldsTokenSpace: boolean }> = {
  session: { credential: { kind: 'session' }, orgHoldsTokenSpace: false },
  full: { credential: { kind: 'token', readOnly: false, spaceIds: null }, orgHoldsTokenSpace: false },
  readOnly: { credential: { kind: 'token', readOnly: true, spaceIds: null }, orgHoldsTokenSpace: false },
  thisSpace: {
    credential: { kind: 'token', readOnly: false, spaceIds: [SPACE_ID] },
    orgHoldsTokenSpace: true,
  },
  otherSpace: { credential: { kind: 'token', readOnly: false, spaceIds: [8] }, orgHoldsTokenSpace: false },
}

type Instance = 'superadmin' | 'user'
type OrgMember = OrgRole | 'none'
type SpaceMember = SpaceMemberRole | 'none'

function facts(instance: Instance, org: OrgMember, space: SpaceMember, name: CredentialName): Facts {
  const { credential, orgHoldsTokenSpace } = CREDENTIALS[name]
  return {
    isSuperadmin: instance === 'superadmin',
    credential,
    orgMembership: org === 'none' ? null : org,
    spaceMembership: space === 'none' ? null : space,
    spaceId: SPACE_ID,
    orgHoldsTokenSpace,
  }
}

function code(decision: Decision): string {
  if (decision === 'allow') return 'A'
  if (decision === 'not_found') return 'N'
  return 'F'
}

/** The decisions over every action, grouped as account / instance / organization / space. */
function vector(f: Facts): string {
  const codes = ACTIONS.map((action) => code(decide(action, f)))
  return [codes.slice(0, 3), codes.slice(3, 8), codes.slice(8, 12), codes.slice(12, 16)]
    .map((group) => group.join(''))
    .join(' ')
}

// Expected decisions: A = allow, N = not_found, F = refused (forbidden, restricted_token or read_only_token).
// Columns, in four groups separated by spaces:
//   account.read account.manage account.password | users.read users.manage sso.manage org.create org.delete |
//   org.read org.update org.members.manage space.create | space.read space.write space.admin space.admin.read
// Credentials: session = web session; full = unrestricted token; readOnly = read-only token;
// thisSpace = token restricted to spaces [7] (the target); otherSpace = token restricted to spaces [8].
const MATRIX: readonly [Instance, OrgMember, SpaceMember, CredentialName, string][] = [
  // Organization admins: all rights on the organization's spaces, whatever their space membership.
  ['user', 'admin', 'none', 'session', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'none', 'full', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'none', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['user', 'admin', 'none', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['user', 'admin', 'none', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'admin', 'reader', 'session', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'reader', 'full', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'reader', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['user', 'admin', 'reader', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['user', 'admin', 'reader', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'admin', 'contributor', 'session', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'contributor', 'full', 'AAA FFFFF AAAA AAAA'],
  ['user', 'admin', 'contributor', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['user', 'admin', 'contributor', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['user', 'admin', 'contributor', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  // Organization members: the space is visible only through a space membership.
  ['user', 'member', 'none', 'session', 'AAA FFFFF AFFF NNNN'],
  ['user', 'member', 'none', 'full', 'AAA FFFFF AFFF NNNN'],
  ['user', 'member', 'none', 'readOnly', 'AFF FFFFF AFFF NNNN'],
  ['user', 'member', 'none', 'thisSpace', 'AFF FFFFF AFFF NNNN'],
  ['user', 'member', 'none', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'member', 'reader', 'session', 'AAA FFFFF AFFF AFFF'],
  ['user', 'member', 'reader', 'full', 'AAA FFFFF AFFF AFFF'],
  ['user', 'member', 'reader', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['user', 'member', 'reader', 'thisSpace', 'AFF FFFFF AFFF AFFF'],
  ['user', 'member', 'reader', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'member', 'contributor', 'session', 'AAA FFFFF AFFF AAFF'],
  ['user', 'member', 'contributor', 'full', 'AAA FFFFF AFFF AAFF'],
  ['user', 'member', 'contributor', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['user', 'member', 'contributor', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['user', 'member', 'contributor', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  // Not in the organization: it stays invisible; a space membership still shows the space.
  ['user', 'none', 'none', 'session', 'AAA FFFFF NNNN NNNN'],
  ['user', 'none', 'none', 'full', 'AAA FFFFF NNNN NNNN'],
  ['user', 'none', 'none', 'readOnly', 'AFF FFFFF NNNN NNNN'],
  ['user', 'none', 'none', 'thisSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'none', 'none', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'none', 'reader', 'session', 'AAA FFFFF NNNN AFFF'],
  ['user', 'none', 'reader', 'full', 'AAA FFFFF NNNN AFFF'],
  ['user', 'none', 'reader', 'readOnly', 'AFF FFFFF NNNN AFFF'],
  ['user', 'none', 'reader', 'thisSpace', 'AFF FFFFF NNNN AFFF'],
  ['user', 'none', 'reader', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['user', 'none', 'contributor', 'session', 'AAA FFFFF NNNN AAFF'],
  ['user', 'none', 'contributor', 'full', 'AAA FFFFF NNNN AAFF'],
  ['user', 'none', 'contributor', 'readOnly', 'AFF FFFFF NNNN AFFF'],
  ['user', 'none', 'contributor', 'thisSpace', 'AFF FFFFF NNNN AAFF'],
  ['user', 'none', 'contributor', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  // Super admins administer every organization, with or without memberships.
  ['superadmin', 'none', 'none', 'session', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'none', 'none', 'full', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'none', 'none', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['superadmin', 'none', 'none', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['superadmin', 'none', 'none', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['superadmin', 'none', 'reader', 'session', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'none', 'reader', 'full', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'none', 'reader', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['superadmin', 'none', 'reader', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['superadmin', 'none', 'reader', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['superadmin', 'member', 'reader', 'session', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'member', 'reader', 'full', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'member', 'reader', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['superadmin', 'member', 'reader', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['superadmin', 'member', 'reader', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
  ['superadmin', 'admin', 'contributor', 'session', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'admin', 'contributor', 'full', 'AAA AAAAA AAAA AAAA'],
  ['superadmin', 'admin', 'contributor', 'readOnly', 'AFF FFFFF AFFF AFFF'],
  ['superadmin', 'admin', 'contributor', 'thisSpace', 'AFF FFFFF AFFF AAFF'],
  ['superadmin', 'admin', 'contributor', 'otherSpace', 'AFF FFFFF NNNN NNNN'],
]

describe('decide: permission matrix', () => {
  it('lists every action of the policy exactly once', () => {
    expect([...ACTIONS].sort()).toEqual(Object.keys(POLICY).sort())
  })

  it.each(MATRIX)('%s, org %s, space %s, %s credential', (instance, org, space, credential, expected) => {
    expect(vector(facts(instance, org, space, credential))).toBe(expected)
  })
})

describe('decide: an account whose password must be changed', () => {
  it('may read itself and change its password, and nothing else, whatever its roles', () => {
    const f: Facts = { ...facts('superadmin', 'admin', 'contributor', 'session'), mustChangePassword: true }
    const allowed = ACTIONS.filter((action) => decide(action, f) === 'allow')
    expect(allowed).toEqual(['account.read', 'account.password'])
    expect(decide('space.read', f)).toBe('password_change_required')
    expect(decide('users.manage', f)).toBe('password_change_required')
  })
})

describe('decide: tokens with several restrictions', () => {
  const readOnlyThisSpace: Credential = { kind: 'token', readOnly: true, spaceIds: [SPACE_ID] }

  it('applies both the read-only and the space restriction', () => {
    const f: Facts = {
      isSuperadmin: false,
      credential: readOnlyThisSpace,
      orgMembership: 'member',
      spaceMembership: 'contributor',
      spaceId: SPACE_ID,
      orgHoldsTokenSpace: true,
    }
    expect(vector(f)).toBe('AFF FFFFF AFFF AFFF')
  })

  it('hides other spaces and organizations from a read-only token restricted to spaces', () => {
    const f: Facts = {
      isSuperadmin: true,
      credential: readOnlyThisSpace,
      orgMembership: 'admin',
      spaceMembership: 'contributor',
      spaceId: 8,
      orgHoldsTokenSpace: false,
    }
    expect(vector(f)).toBe('AFF FFFFF NNNN NNNN')
  })

  it('lets a token restricted to several spaces reach each of them', () => {
    const credential: Credential = { kind: 'token', readOnly: false, spaceIds: [3, SPACE_ID, 12] }
    const f: Facts = {
      isSuperadmin: false,
      credential,
      orgMembership: 'member',
      spaceMembership: 'contributor',
      spaceId: SPACE_ID,
      orgHoldsTokenSpace: true,
    }
    expect(vector(f)).toBe('AFF FFFFF AFFF AAFF')
  })

  it('shows nothing through a token restricted to no space at all', () => {
    const credential: Credential = { kind: 'token', readOnly: false, spaceIds: [] }
    const f: Facts = {
      isSuperadmin: true,
      credential,
      orgMembership: 'admin',
      spaceMembership: 'contributor',
      spaceId: SPACE_ID,
      orgHoldsTokenSpace: false,
    }
    expect(vector(f)).toBe('AFF FFFFF NNNN NNNN')
  })
})

describe('decide: reason of a refusal', () => {
  it('answers forbidden when the role is too low', () => {
    expect(decide('org.update', facts('user', 'member', 'none', 'session'))).toBe('forbidden')
    expect(decide('space.write', facts('user', 'member', 'reader', 'full'))).toBe('forbidden')
    expect(decide('users.read', facts('user', 'admin', 'none', 'session'))).toBe('forbidden')
  })

  it('answers restricted_token when a restricted token tries to administer', () => {
    expect(decide('org.update', facts('user', 'admin', 'none', 'thisSpace'))).toBe('restricted_token')
    expect(decide('space.admin', facts('user', 'admin', 'none', 'thisSpace'))).toBe('restricted_token')
    expect(decide('account.manage', facts('user', 'none', 'none', 'thisSpace'))).toBe('restricted_token')
    expect(decide('users.manage', facts('superadmin', 'none', 'none', 'otherSpace'))).toBe('restricted_token')
  })

  it('answers read_only_token when a read-only token writes where its owner could', () => {
    expect(decide('space.write', facts('user', 'member', 'contributor', 'readOnly'))).toBe('read_only_token')
  })

  it('answers not_found rather than a refusal for an invisible target', () => {
    expect(decide('space.admin', facts('user', 'member', 'none', 'readOnly'))).toBe('not_found')
    expect(decide('org.update', facts('superadmin', 'admin', 'none', 'otherSpace'))).toBe('not_found')
  })
})

describe('isRestricted', () => {
  it('tells restricted tokens from full credentials', () => {
    expect(isRestricted(CREDENTIALS.session.credential)).toBe(false)
    expect(isRestricted(CREDENTIALS.full.credential)).toBe(false)
    expect(isRestricted(CREDENTIALS.readOnly.credential)).toBe(true)
    expect(isRestricted(CREDENTIALS.thisSpace.credential)).toBe(true)
    expect(isRestricted({ kind: 'token', readOnly: false, spaceIds: [] })).toBe(true)
  })
})

describe('effectiveSpaceRole', () => {
  it('gives organization admins and super admins the admin role on every space', () => {
    expect(effectiveSpaceRole(facts('user', 'admin', 'none', 'session'))).toBe('admin')
    expect(effectiveSpaceRole(facts('user', 'admin', 'reader', 'full'))).toBe('admin')
    expect(effectiveSpaceRole(facts('superadmin', 'none', 'none', 'session'))).toBe('admin')
  })

  it('gives members their space role', () => {
    expect(effectiveSpaceRole(facts('user', 'member', 'reader', 'session'))).toBe('reader')
    expect(effectiveSpaceRole(facts('user', 'none', 'contributor', 'full'))).toBe('contributor')
  })

  it('caps admin to contributor for a restricted token', () => {
    expect(effectiveSpaceRole(facts('user', 'admin', 'none', 'readOnly'))).toBe('contributor')
    expect(effectiveSpaceRole(facts('superadmin', 'none', 'none', 'thisSpace'))).toBe('contributor')
  })

  it('gives no role without a membership or outside the token spaces', () => {
    expect(effectiveSpaceRole(facts('user', 'member', 'none', 'session'))).toBeNull()
    expect(effectiveSpaceRole(facts('user', 'admin', 'contributor', 'otherSpace'))).toBeNull()
    expect(effectiveSpaceRole(facts('superadmin', 'none', 'none', 'otherSpace'))).toBeNull()
  })

  it('gives no role to a space-restricted token when the target space is unknown', () => {
    const f: Facts = { ...facts('user', 'admin', 'contributor', 'thisSpace'), spaceId: undefined }
    expect(effectiveSpaceRole(f)).toBeNull()
  })
})

describe('effectiveOrgRole', () => {
  it('gives super admins the admin role on every organization', () => {
    expect(effectiveOrgRole(facts('superadmin', 'none', 'none', 'session'))).toBe('admin')
    expect(effectiveOrgRole(facts('superadmin', 'member', 'none', 'full'))).toBe('admin')
  })

  it('gives members their organization role', () => {
    expect(effectiveOrgRole(facts('user', 'admin', 'none', 'session'))).toBe('admin')
    expect(effectiveOrgRole(facts('user', 'member', 'reader', 'full'))).toBe('member')
  })

  it('caps admin to member for a restricted token', () => {
    expect(effectiveOrgRole(facts('user', 'admin', 'none', 'readOnly'))).toBe('member')
    expect(effectiveOrgRole(facts('user', 'admin', 'none', 'thisSpace'))).toBe('member')
    expect(effectiveOrgRole(facts('superadmin', 'none', 'none', 'thisSpace'))).toBe('member')
  })

  it('gives no role outside the organization or when it holds none of the token spaces', () => {
    expect(effectiveOrgRole(facts('user', 'none', 'contributor', 'session'))).toBeNull()
    expect(effectiveOrgRole(facts('user', 'admin', 'none', 'otherSpace'))).toBeNull()
    expect(effectiveOrgRole(facts('superadmin', 'none', 'none', 'otherSpace'))).toBeNull()
  })
})
