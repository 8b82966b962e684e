/**
 * The RS256 key pair the server signs id_tokens with, and the JWKS that publishes its public
 * half. Made once per data store and kept in server_config beside the access tokens' HS256 key
 * (context.ts), so every process on one database signs with the same key and a restart keeps
 * the tokens it issued verifiable. Made on first use, not at start: a server that never issues
 * an id_token never pays for an RSA key.
 */
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { ServerContext } from '../context';

/** The server_config key of the id_token signing key (a private JWK as JSON). */
const CONFIG_KEY = 'idTokenSigningKey';

/** The one signing algorithm of id_tokens. */
export const ID_TOKEN_ALG = 'RS256';

/** A loaded key: what signs, and the public JWK the JWKS lists. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

const loaded = new WeakMap<ServerContext, Promise<SigningKey>>();

/** The public members of an RSA JWK (never d, p, q, dp, dq, qi). */
function publicPart(jwk: JWK, kid: string): JWK {
  return { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: ID_TOKEN_ALG, use: 'sig' };
}

async function loadOrCreate(ctx: ServerContext): Promise<SigningKey> {
  const read = async () =>
    (await ctx.db.query<{ value: string }>('SELECT value FROM server_config WHERE key = $1', [CONFIG_KEY])).rows[0];
  let row = await read();
  if (!row) {
    const { privateKey } = await generateKeyPair(ID_TOKEN_ALG, { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    jwk.kid = await calculateJwkThumbprint(jwk);
    // Two processes may both make one: the first stored wins and both read it back.
    await ctx.db.query('INSERT INTO server_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      CONFIG_KEY,
      JSON.stringify(jwk),
    ]);
    row = await read();
  }
  const jwk = JSON.parse(row.value) as JWK;
  const kid = jwk.kid!;
  const privateKey = (await importJWK(jwk, ID_TOKEN_ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: publicPart(jwk, kid) };
}

/** The server's id_token signing key, made and stored on first use. */
export function signingKeyOf(ctx: ServerContext): Promise<SigningKey> {
  let key = loaded.get(ctx);
  if (!key) {
    key = loadOrCreate(ctx);
    // A failed load is tried again on the next request, not remembered.
    key.catch(() => loaded.delete(ctx));
    loaded.set(ctx, key);
  }
  return key;
}

/** Where the JWKS is served (without auth), relative to the server root. */
export const JWKS_PATH = '/.well-known/jwks.json';

/** The JWKS URL smart-configuration advertises. */
export function jwksUri(ctx: ServerContext): string {
  return new URL(JWKS_PATH.slice(1), ctx.baseUrl).toString();
}

/** GET /.well-known/jwks.json: the public key, the same for every caller (it reads no input). */
export const jwksDocument = (ctx: ServerContext) => async () => ({
  status: 200,
  headers: { 'Cache-Control': 'public, max-age=3600', 'Content-Type': 'application/json' },
  body: { keys: [(await signingKeyOf(ctx)).publicJwk] },
});
