// A request line written byte for byte: fetch and URL rewrite a path before it leaves (they
// resolve `..`, turn `\` into `/`), so a spelling of a path that a real attacker sends over a
// socket has to be sent over a socket here too.
import net from 'node:net';
import type { RunningServer } from '../app';

/** One answer read off the socket: status, lower-cased headers, the body (parsed when JSON). */
export interface TargetResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: any;
}

/** The body of a chunked answer (sizes in hex, each chunk then CRLF, a 0 chunk at the end). */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function parseResponse(data: Buffer): TargetResponse {
  const end = data.indexOf('\r\n\r\n');
  const head = data.subarray(0, end < 0 ? data.length : end).toString('latin1');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = end < 0 ? Buffer.alloc(0) : data.subarray(end + 4);
  const text = (/chunked/i.test(headers['transfer-encoding'] ?? '') ? unchunk(rest) : rest).toString('utf8');
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: Number(statusLine.split(' ')[1]), headers, text, body };
}

/**
 * Sends `METHOD target HTTP/1.1` exactly as given, with the headers and body, and reads the
 * answer until the server closes (Connection: close).
 */
export function sendTarget(
  server: RunningServer,
  method: string,
  target: string,
  opts: { headers?: Record<string, string>; body?: string } = {}
): Promise<TargetResponse> {
  const { port, hostname } = new URL(server.url);
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body, 'utf8');
  const headers: Record<string, string> = {
    Host: `${hostname}:${port}`,
    Connection: 'close',
    ...(body ? { 'Content-Length': String(body.length) } : {}),
    ...opts.headers,
  };
  const head =
    `${method} ${target} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(Buffer.from(head, 'latin1'));
      if (body) socket.write(body);
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('end', () => resolve(parseResponse(Buffer.concat(chunks))));
    socket.on('error', (err) => (chunks.length ? resolve(parseResponse(Buffer.concat(chunks))) : reject(err)));
  });
}

/**
 * Declares a body of `declared` bytes, sends only `sent` of them, and waits up to `waitMs` for
 * an answer. Resolves with it, or with undefined when the server is still waiting for the body
 * (it would read all of it before answering).
 */
export function answerBeforeBody(
  server: RunningServer,
  method: string,
  target: string,
  declared: number,
  sent: number,
  waitMs: number,
  headers: Record<string, string> = {}
): Promise<TargetResponse | undefined> {
  const { port, hostname } = new URL(server.url);
  const head =
    `${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    `Content-Length: ${declared}\r\n\r\n`;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (value: TargetResponse | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(Buffer.alloc(sent, 'a'));
    });
    const timer = setTimeout(() => finish(undefined), waitMs);
    const tryParse = () => {
      const data = Buffer.concat(chunks);
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) return;
      const response = parseResponse(data);
      const length = Number(response.headers['content-length'] ?? 0);
      if (data.length - end - 4 >= length) finish(response);
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      tryParse();
    });
    socket.on('end', () => (chunks.length ? finish(parseResponse(Buffer.concat(chunks))) : finish(undefined)));
    socket.on('error', () => (chunks.length ? finish(parseResponse(Buffer.concat(chunks))) : finish(undefined)));
  });
}
