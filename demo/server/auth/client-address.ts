// The client address attempt limits count by. It is the socket's peer address (ServerRequest
// remoteAddress): X-Forwarded-For is not read, since anyone can send it; behind a proxy every
// client shares the proxy's address, which the per-account limits still bound.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key of a client address: an IPv4 address as is (also when written IPv4-mapped, as a
 * dual-stack socket reports it), an IPv6 address by its /64 prefix, since one host commonly holds
 * a whole /64 and would otherwise count as billions of guessers.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:/i.test(address) ? address.slice(7) : undefined;
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split('%')[0].split('::');
  const front = head ? head.split(':') : [];
  const back = tail === undefined ? [] : tail ? tail.split(':') : [];
  // An embedded IPv4 tail stands for two groups; it lies past the /64 prefix either way.
  const v4 = (back.at(-1) ?? front.at(-1) ?? '').includes('.') ? 1 : 0;
  const missing = Math.max(0, 8 - front.length - back.length - v4);
  const groups = tail === undefined ? front : [...front, ...Array<string>(missing).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
