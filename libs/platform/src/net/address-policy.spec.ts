import { isPublicAddress, nonPublicReason } from './address-policy';
import { httpUrlProblem } from './outbound';

describe('address policy', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.255',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:0001::1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:169.254.169.254',
    '::ffff:0:a9fe:a9fe',
    '::ffff:0:10.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a9fe:a9fe',
    '::169.254.169.254',
    '2002:a9fe:a9fe::',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(nonPublicReason(address)).toEqual(expect.any(String));
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '::ffff:0:8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('names the range it refuses', () => {
    expect(nonPublicReason('127.0.0.1')).toBe('loopback');
    expect(nonPublicReason('100.64.1.1')).toBe('carrier-grade NAT');
    expect(nonPublicReason('::ffff:192.168.0.1')).toContain('private');
    expect(nonPublicReason('example.com')).toBe('not an IP address');
  });
});

describe('httpUrlProblem', () => {
  const strict = { allowPrivateNetworks: false };
  it.each([
    ['ftp://example.com/x', 'http or https'],
    ['not a url', 'valid URL'],
    ['http://127.0.0.1:8080/hook', 'loopback'],
    ['http://[::1]/hook', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://[::ffff:0:169.254.169.254]/latest/meta-data', 'link-local'],
    ['http://[::ffff:0:7f00:1]:8080/hook', 'loopback'],
    ['http://localhost/hook', 'local host name'],
    ['http://api.localhost/hook', 'local host name'],
    ['http://metadata/computeMetadata', 'local host name'],
  ])('refuses %s', (url, problem) => {
    expect(httpUrlProblem(url, strict)).toContain(problem);
  });

  it('accepts public http(s) URLs, and private ones when the policy allows them', () => {
    expect(httpUrlProblem('https://hooks.example.com/platica?x=1', strict)).toBeNull();
    expect(httpUrlProblem('http://8.8.8.8/hook', strict)).toBeNull();
    expect(httpUrlProblem('http://127.0.0.1:9999/hook', { allowPrivateNetworks: true })).toBeNull();
    expect(httpUrlProblem('ftp://127.0.0.1/hook', { allowPrivateNetworks: true })).toContain('http or https');
  });
});
