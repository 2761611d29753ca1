import { describe, expect, it } from 'vitest';
import { addressKey, lookupIdentities } from './limits.js';

describe('addressKey', () => {
  it('counts IPv4 by the address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:85a3:12::1')).toBe('2001:db8:85a3:12::/64');
    expect(addressKey('2001:0db8:85a3:0012:ffff:ffff:ffff:fffe')).toBe('2001:db8:85a3:12::/64');
    expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey(undefined)).toBe('unknown');
  });

  it('names the socket, the user and the address of a lookup', () => {
    expect(lookupIdentities({ socketId: 's1', userId: 7, ip: '2001:db8:1:2:3:4:5:6' })).toEqual([
      { scope: 'socket', id: 's1' },
      { scope: 'user', id: '7' },
      { scope: 'address', id: '2001:db8:1:2::/64' },
    ]);
    expect(lookupIdentities({ ip: '198.51.100.4' })).toEqual([{ scope: 'address', id: '198.51.100.4' }]);
  });
});
