import { describe, expect, it } from 'vitest'
import { addressGroup } from './address-group.ts'

describe('addressGroup', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every address of one IPv6 /64 together, however it is written', () => {
    const group = '2001:db8:aa:1::/64'
    expect(addressGroup('2001:db8:aa:1::1')).toBe(group)
    expect(addressGroup('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(group)
    expect(addressGroup('2001:DB8:AA:1:0:0:0:9')).toBe(group)
    expect(addressGroup('2001:db8:aa:2::1')).not.toBe(group)
  })

  it('expands a leading or middle :: before taking the network', () => {
    expect(addressGroup('::1')).toBe('0:0:0:0::/64')
    expect(addressGroup('2001:db8::5')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('leaves what it cannot read as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown')
    expect(addressGroup('not:an:address')).toBe('not:an:address')
  })
})
