// Issue 20, section 5: the console of `npm start` printed one JSON line per request. By default
// a request now prints nothing unless it is a problem (5xx, one readable line); LOG_LEVEL=debug
// and ACCESS_LOG bring the JSON lines back.
import { type AccessLogEntry, writeAccessLog } from './http/access-log';
import { consoleAccessLog, problemLine } from './console-log';

const entry = (over: Partial<AccessLogEntry> = {}): AccessLogEntry => ({
  time: '2025-01-01T00:00:00.000Z',
  kind: 'http',
  event: 'GET',
  route: '/Patient/:id',
  interaction: 'read',
  resourceType: 'Patient',
  id: 'p1',
  status: 200,
  ms: 3,
  who: 'Patient/p1',
  address: '127.0.0.1',
  ...over,
});

/** What standard output and the problem writer received while `run` ran. */
function capture(run: (write: (line: string) => void) => void) {
  const problems: string[] = [];
  const stdout: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout.push(String(chunk));
    return true;
  });
  try {
    run((line) => problems.push(line));
  } finally {
    spy.mockRestore();
  }
  return { problems, stdout };
}

describe('the console access log', () => {
  it('prints nothing for an answered request by default (no JSON line per request)', () => {
    const { problems, stdout } = capture((write) => {
      const sink = consoleAccessLog({}, write);
      for (const status of [200, 201, 304, 401, 404, 422, 429]) writeAccessLog(sink, entry({ status }));
      writeAccessLog(sink, { time: 'now', kind: 'ws', event: 'bind', who: 'anonymous' });
    });
    expect(stdout).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('prints one readable line, not JSON, for an answer of 500 or more', () => {
    const { problems, stdout } = capture((write) => {
      const sink = consoleAccessLog({ LOG_LEVEL: 'info' }, write);
      writeAccessLog(sink, entry({ status: 500, ms: 12 }));
      writeAccessLog(sink, entry({ status: 503, event: 'POST', route: '/auth/login', interaction: undefined }));
    });
    expect(stdout).toEqual([]);
    expect(problems).toEqual([
      '[server] GET /Patient/:id (read Patient) answered 500 after 12 ms',
      '[server] POST /auth/login (Patient) answered 503 after 3 ms',
    ]);
    for (const line of problems) expect(() => JSON.parse(line)).toThrow();
  });

  it('is not fooled by a route or parameter name that spells the status field', () => {
    const { problems } = capture((write) => {
      const sink = consoleAccessLog({}, write);
      writeAccessLog(sink, entry({ route: '/"status":500', params: ['"status":599'], status: 200 }));
    });
    expect(problems).toEqual([]);
  });

  it('LOG_LEVEL=debug brings back one JSON line per request on standard output', () => {
    const { problems, stdout } = capture((write) => {
      const sink = consoleAccessLog({ LOG_LEVEL: 'debug' }, write);
      writeAccessLog(sink, entry({ status: 200 }));
    });
    expect(problems).toEqual([]);
    expect(stdout).toHaveLength(1);
    expect(JSON.parse(stdout[0])).toMatchObject({ kind: 'http', event: 'GET', status: 200, who: 'Patient/p1' });
  });

  it('ACCESS_LOG decides alone when set', () => {
    expect(consoleAccessLog({ ACCESS_LOG: 'off', LOG_LEVEL: 'debug' })).toBeUndefined();
    const { stdout } = capture(() => writeAccessLog(consoleAccessLog({ ACCESS_LOG: 'stdout' }), entry()));
    expect(stdout).toHaveLength(1);
    expect(JSON.parse(stdout[0])).toMatchObject({ status: 200 });
  });

  it('problemLine leaves websocket events and answers below 500 alone', () => {
    expect(problemLine(entry({ status: 499 }))).toBeUndefined();
    expect(problemLine({ time: 'now', kind: 'ws', event: 'refused', status: 503, who: 'anonymous' })).toBeUndefined();
  });
});
