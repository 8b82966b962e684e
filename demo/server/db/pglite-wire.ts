// Statements on PGlite through the wire protocol, prepared once. PGlite's query() sends six
// protocol messages through WASM per call (parse, describe, bind, describe, execute, sync) and
// parses and plans the SQL every time: about 400 µs for a primary-key read. Here each distinct
// SQL text is parsed once into a named statement; a call is then one Bind/Execute/Sync message
// (about 60 µs). Values go in and out as text with PGlite's own serializers and parsers, so
// results look exactly like query()'s.
import type { PGlite } from '@electric-sql/pglite';

/** A failed statement, with PostgreSQL's SQLSTATE and message fields. */
export class PgliteWireError extends Error {
  readonly code?: string;
  readonly detail?: string;
  readonly hint?: string;
  readonly severity?: string;
  constructor(
    fields: Record<string, string>,
    readonly query: string
  ) {
    super(fields.M ?? 'database error');
    this.name = 'DatabaseError';
    this.code = fields.C;
    this.detail = fields.D;
    this.hint = fields.H;
    this.severity = fields.S;
  }
}

interface Prepared {
  name: string;
  paramTypes: number[];
  fields: { name: string; type: number }[];
}

/** Most distinct statements kept prepared; the least recently used is closed first. */
const MAX_PREPARED = 400;

function message(type: number, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(body.length + 5);
  out[0] = type;
  out.writeInt32BE(body.length + 4, 1);
  body.copy(out, 5);
  return out;
}

const cstring = (text: string) => Buffer.from(text + '\0', 'utf8');
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
// Execute the unnamed portal, all rows.
const EXECUTE = message(0x45, Buffer.from([0, 0, 0, 0, 0]));

function parseMessage(name: string, sql: string): Buffer {
  return message(0x50, Buffer.concat([cstring(name), cstring(sql), Buffer.from([0, 0])]));
}

function describeStatement(name: string): Buffer {
  return message(0x44, Buffer.concat([Buffer.from('S'), cstring(name)]));
}

function closeStatement(name: string): Buffer {
  return message(0x43, Buffer.concat([Buffer.from('S'), cstring(name)]));
}

function bindMessage(statement: string, values: (string | null)[]): Buffer {
  const encoded = values.map((v) => (v === null ? null : Buffer.from(v, 'utf8')));
  const name = cstring(statement);
  let length = 1 + name.length + 2 + 2 + 2; // portal '' + statement + formats + count + result formats
  for (const v of encoded) length += 4 + (v ? v.length : 0);
  const body = Buffer.allocUnsafe(length);
  let o = 0;
  body[o++] = 0; // unnamed portal
  o += name.copy(body, o);
  o = body.writeInt16BE(0, o); // every parameter as text
  o = body.writeInt16BE(encoded.length, o);
  for (const v of encoded) {
    if (!v) {
      o = body.writeInt32BE(-1, o);
    } else {
      o = body.writeInt32BE(v.length, o);
      o += v.copy(body, o);
    }
  }
  body.writeInt16BE(0, o); // every result column as text
  return message(0x42, body);
}

interface Response {
  rows: (string | null)[][];
  paramTypes?: number[];
  fields?: { name: string; type: number }[];
  error?: Record<string, string>;
}

function readResponse(data: Uint8Array): Response {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const out: Response = { rows: [] };
  let o = 0;
  while (o + 5 <= buf.length) {
    const type = buf[o];
    const end = o + 1 + buf.readInt32BE(o + 1);
    let p = o + 5;
    switch (type) {
      case 0x44: {
        // DataRow
        const count = buf.readInt16BE(p);
        p += 2;
        const row: (string | null)[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const len = buf.readInt32BE(p);
          p += 4;
          if (len < 0) row[i] = null;
          else {
            row[i] = buf.toString('utf8', p, p + len);
            p += len;
          }
        }
        out.rows.push(row);
        break;
      }
      case 0x74: {
        // ParameterDescription
        const count = buf.readInt16BE(p);
        out.paramTypes = [];
        for (let i = 0; i < count; i++) out.paramTypes.push(buf.readUInt32BE(p + 2 + i * 4));
        break;
      }
      case 0x54: {
        // RowDescription
        const count = buf.readInt16BE(p);
        p += 2;
        out.fields = [];
        for (let i = 0; i < count; i++) {
          const zero = buf.indexOf(0, p);
          const name = buf.toString('utf8', p, zero);
          p = zero + 1;
          out.fields.push({ name, type: buf.readUInt32BE(p + 6) });
          p += 18;
        }
        break;
      }
      case 0x6e: // NoData
        out.fields ??= [];
        break;
      case 0x45: {
        // ErrorResponse: the first one counts
        if (out.error) break;
        const fields: Record<string, string> = {};
        while (p < end && buf[p] !== 0) {
          const zero = buf.indexOf(0, p + 1);
          fields[String.fromCharCode(buf[p])] = buf.toString('utf8', p + 1, zero);
          p = zero + 1;
        }
        out.error = fields;
        break;
      }
      default:
        break; // ParseComplete, BindComplete, CommandComplete, ReadyForQuery, notices
    }
    o = end;
  }
  return out;
}

/** Runs parameterised SQL on one PGlite, each distinct text prepared once. Callers serialise calls. */
export class PgliteWire {
  private readonly prepared = new Map<string, Prepared>();
  private counter = 0;

  constructor(private readonly pg: PGlite) {}

  private async exchange(messages: Buffer[]): Promise<Response> {
    // The streaming variant hands over the bytes as they come. execProtocolRaw would also parse
    // every message into objects and keep them (PGlite resets that list only in execProtocol).
    const chunks: Buffer[] = [];
    await this.pg.execProtocolRawStream(Buffer.concat(messages), {
      syncToFs: false,
      // A view into WASM memory, reused by the next write: copy it.
      onRawData: (bytes: Uint8Array) => void chunks.push(Buffer.from(bytes)),
    });
    return readResponse(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  private async prepare(sql: string): Promise<Prepared> {
    const hit = this.prepared.get(sql);
    if (hit) {
      // Most recently used last.
      this.prepared.delete(sql);
      this.prepared.set(sql, hit);
      return hit;
    }
    const messages: Buffer[] = [];
    if (this.prepared.size >= MAX_PREPARED) {
      const [oldSql, old] = this.prepared.entries().next().value!;
      this.prepared.delete(oldSql);
      messages.push(closeStatement(old.name));
    }
    const name = `fpk_${++this.counter}`;
    messages.push(parseMessage(name, sql), describeStatement(name), SYNC);
    const res = await this.exchange(messages);
    if (res.error) throw new PgliteWireError(res.error, sql);
    const statement: Prepared = { name, paramTypes: res.paramTypes ?? [], fields: res.fields ?? [] };
    this.prepared.set(sql, statement);
    return statement;
  }

  /** Runs one statement; rows are objects keyed by column name, values parsed by PGlite's parsers. */
  async query<T>(sql: string, params: unknown[] = [], retried = false): Promise<{ rows: T[] }> {
    const statement = await this.prepare(sql);
    const serializers = this.pg.serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = serializers[statement.paramTypes[i]];
      return serialize ? serialize(value) : String(value);
    });
    const res = await this.exchange([bindMessage(statement.name, values), EXECUTE, SYNC]);
    if (res.error) {
      // A table changed under a prepared statement: prepare it again once.
      if (!retried && res.error.C === '0A000' && /cached plan/.test(res.error.M ?? '')) {
        this.prepared.delete(sql);
        await this.exchange([closeStatement(statement.name), SYNC]);
        return this.query(sql, params, true);
      }
      throw new PgliteWireError(res.error, sql);
    }
    const parsers = this.pg.parsers;
    const fields = statement.fields.map((f) => ({ name: f.name, type: f.type, parse: parsers[f.type] }));
    const rows = res.rows.map((raw) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        const v = raw[i];
        row[f.name] = v === null ? null : f.parse ? f.parse(v, f.type) : v;
      }
      return row as T;
    });
    return { rows };
  }
}
