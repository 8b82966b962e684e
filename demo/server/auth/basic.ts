/** Client id and secret from a Basic authorization header (RFC 6749 section 2.3.1), if any. */
export function parseBasicAuth(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  if (!header || !/^basic\s+/i.test(header)) return undefined;
  const decoded = Buffer.from(header.replace(/^basic\s+/i, '').trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon)),
      clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return undefined;
  }
}
