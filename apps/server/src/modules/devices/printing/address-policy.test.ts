import { describe, expect, it } from 'vitest';
import { checkPrinterAddress, type PrinterAddressPolicy } from './address-policy.js';

const strict: PrinterAddressPolicy = { allowedPorts: [9100], allowLoopback: false };
const withLoopback: PrinterAddressPolicy = { allowedPorts: [9100], allowLoopback: true };

describe('checkPrinterAddress', () => {
  it.each([
    ['192.168.1.50'],
    ['192.168.0.1'],
    ['10.0.0.5'],
    ['10.255.255.254'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['fd12:3456:789a::1'],
    ['fc00::10'],
    ['::ffff:192.168.1.50'],
  ])('accepts the private address %s on port 9100', (ip) => {
    expect(checkPrinterAddress(ip, 9100, strict)).toBeNull();
  });

  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.15.255.255', 'just below 172.16/12'],
    ['172.32.0.1', 'just above 172.16/12'],
    ['192.169.0.1', 'next to 192.168/16'],
    ['11.0.0.1', 'next to 10/8'],
    ['169.254.10.20', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['2001:4860:4860::8888', 'public IPv6'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ])('refuses %s (%s) naming the ip field', (ip) => {
    const error = checkPrinterAddress(ip, 9100, strict);
    expect(error?.field).toBe('ip');
    expect(error?.message).toContain('ip must be a private network address');
  });

  it.each([
    ['printer.local'],
    ['localhost'],
    [''],
    ['192.168.1'],
    ['192.168.1.256'],
    ['010.0.0.1'],
    [' 192.168.1.50'],
    ['192.168.1.50:9100'],
    ['fd00::1%eth0'],
  ])('refuses %j as not an IP address', (ip) => {
    expect(checkPrinterAddress(ip, 9100, strict)).toEqual({
      field: 'ip',
      message: 'Please enter a valid IP address such as 192.168.1.50!',
    });
  });

  it('explains the private ranges in the message', () => {
    expect(checkPrinterAddress('8.8.8.8', 9100, strict)).toEqual({
      field: 'ip',
      message: 'ip must be a private network address (10.x, 172.16-31.x, 192.168.x or IPv6 fc00::/7)',
    });
  });

  it.each([['127.0.0.1'], ['127.8.9.10'], ['::1'], ['::ffff:127.0.0.1']])(
    'refuses loopback %s unless the policy allows it',
    (ip) => {
      const refused = checkPrinterAddress(ip, 9100, strict);
      expect(refused?.field).toBe('ip');
      expect(refused?.message).toContain('loopback is not allowed');
      expect(checkPrinterAddress(ip, 9100, withLoopback)).toBeNull();
    },
  );

  it('allows loopback on any valid port, but still checks the port range', () => {
    expect(checkPrinterAddress('127.0.0.1', 45123, withLoopback)).toBeNull();
    expect(checkPrinterAddress('127.0.0.1', 0, withLoopback)?.field).toBe('port');
    expect(checkPrinterAddress('127.0.0.1', 65536, withLoopback)?.field).toBe('port');
  });

  it('refuses a private address on a port that is not a printer port', () => {
    expect(checkPrinterAddress('192.168.1.50', 22, strict)).toEqual({
      field: 'port',
      message: 'port must be one of the printer ports: 9100',
    });
    expect(checkPrinterAddress('192.168.1.50', 9101, { allowedPorts: [9100, 9101], allowLoopback: false })).toBeNull();
    expect(checkPrinterAddress('10.0.0.5', 515, { allowedPorts: [9100, 9101], allowLoopback: false })?.message).toBe(
      'port must be one of the printer ports: 9100, 9101',
    );
  });

  it.each([[0], [-1], [65536], [9100.5], [Number.NaN]])('refuses port %s as out of range', (port) => {
    expect(checkPrinterAddress('192.168.1.50', port, strict)).toEqual({
      field: 'port',
      message: 'Please enter between 1 and 65535',
    });
  });

  it('reports the ip first when both fields are wrong', () => {
    expect(checkPrinterAddress('8.8.8.8', 80, strict)?.field).toBe('ip');
  });

  it('says so when no printer ports are configured', () => {
    expect(checkPrinterAddress('192.168.1.50', 9100, { allowedPorts: [], allowLoopback: false })?.message).toBe(
      'port must be one of the printer ports: none are configured',
    );
  });
});
