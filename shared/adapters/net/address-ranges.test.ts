import { describe, expect, it } from 'vitest'
import { type AddressKind, classifyAddress } from './address-ranges.ts'

// Classification only: nothing here connects anywhere.
const cases: [string, AddressKind][] = [
  // IPv4
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['169.254.170.2', 'metadata'],
  ['100.100.100.200', 'metadata'],
  ['192.0.0.192', 'metadata'],
  ['168.63.129.16', 'metadata'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  // IPv6
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fd00:ec2::254', 'metadata'],
  ['FD00:EC2:0:0:0:0:0:254', 'metadata'],
  ['fd20:ce::254', 'metadata'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
  ['100::1', 'reserved'],
  ['64:ff9b:1::a00:1', 'private'],
  ['::7f00:1', 'reserved'],
  ['::127.0.0.1', 'reserved'],
  ['4000::1', 'reserved'],
  // IPv4 carried in IPv6: judged by the IPv4 address the socket really reaches
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::FFFF:10.1.2.3', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:100.64.1.1', 'cgnat'],
  ['0:0:0:0:0:ffff:192.168.0.1', 'private'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'metadata'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  // Public
  ['8.8.8.8', 'public'],
  ['140.82.112.3', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['169.255.0.1', 'public'],
  ['2606:4700::1111', 'public'],
  ['2a00:1450:4007:80e::200e', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::808:808', 'public'],
  ['2002:808:808::1', 'public'],
]

describe('the address classifier', () => {
  it.each(cases)('%s is %s', (address, kind) => expect(classifyAddress(address)).toBe(kind))

  it.each(['localhost', 'example.com', '', '127.1', '1.2.3', '::g', '2130706433'])(
    'treats %j, which is not an IP address, as reserved',
    (text) => expect(classifyAddress(text)).toBe('reserved'),
  )
})
