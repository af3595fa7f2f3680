import { BlockList, isIP } from 'node:net';
import { IP_MESSAGE, PORT_RANGE_MESSAGE } from '@fp/contract';

export type PrinterAddressPolicy = {
  /** Ports a private-network printer may use (from config; usually [9100]). */
  allowedPorts: number[];
  /** Lets tests and local tools point a device at 127.0.0.0/8 or ::1, on any port. */
  allowLoopback: boolean;
};

export type PrinterAddressError = { field: 'ip' | 'port'; message: string };

// BlockList matches IPv4-mapped IPv6 (::ffff:192.168.1.5) against the IPv4 ranges too.
const privateRanges = new BlockList();
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('fc00::', 7, 'ipv6');

const loopbackRanges = new BlockList();
loopbackRanges.addSubnet('127.0.0.0', 8, 'ipv4');
loopbackRanges.addSubnet('::1', 128, 'ipv6');

const PRIVATE_HINT = '10.x, 172.16-31.x, 192.168.x or IPv6 fc00::/7';

/**
 * Decides whether the server may open a TCP connection to a configured printer address.
 * Only private LAN printers on the configured ports pass (the server must not become a port scanner
 * for the internet or its own host); loopback passes on any port only when the policy allows it.
 * Returns null when allowed, otherwise the offending field and an English message.
 */
export function checkPrinterAddress(
  ip: string,
  port: number,
  policy: PrinterAddressPolicy,
): PrinterAddressError | null {
  const family = typeof ip === 'string' ? isIP(ip) : 0;
  if (family === 0 || ip.includes('%')) {
    return {
      field: 'ip',
      message: IP_MESSAGE,
    };
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';

  if (loopbackRanges.check(ip, type)) {
    if (!policy.allowLoopback) {
      return {
        field: 'ip',
        message: `ip must be a private network address (${PRIVATE_HINT}); loopback is not allowed`,
      };
    }
    return checkPortRange(port);
  }

  if (!privateRanges.check(ip, type)) {
    const loopbackNote = policy.allowLoopback ? ' or loopback' : '';
    return { field: 'ip', message: `ip must be a private network address (${PRIVATE_HINT})${loopbackNote}` };
  }

  const rangeError = checkPortRange(port);
  if (rangeError) return rangeError;
  if (!policy.allowedPorts.includes(port)) {
    const list = policy.allowedPorts.length > 0 ? policy.allowedPorts.join(', ') : 'none are configured';
    return { field: 'port', message: `port must be one of the printer ports: ${list}` };
  }
  return null;
}

function checkPortRange(port: number): PrinterAddressError | null {
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    return { field: 'port', message: PORT_RANGE_MESSAGE };
  }
  return null;
}
