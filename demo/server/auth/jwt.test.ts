import { isOperationOutcomeError } from '../../../src/fhir/outcomes';
import { signAccessToken, verifyAccessToken } from './jwt';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const claims = {
  sub: 'user-1',
  login_id: 'login-1',
  profile: 'Patient/p1',
  client_id: 'demo-client',
  scope: 'openid',
  iss: 'http://localhost/',
};

async function outcomeText(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (!isOperationOutcomeError(err)) throw err;
    return err.outcome.issue?.[0]?.details?.text;
  }
}

describe('access tokens', () => {
  it('round-trips the claims with a one-hour expiry', async () => {
    const now = Date.now();
    const token = await signAccessToken(secret, claims, undefined, now);
    const verified = await verifyAccessToken(secret, token, { issuer: 'http://localhost/' });
    expect(verified).toMatchObject(claims);
    expect(verified.exp! - verified.iat!).toBe(3600);
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
  });

  it("refuses an expired token with 'Token expired'", async () => {
    const token = await signAccessToken(secret, claims, 3600, Date.now() - 2 * 3600_000);
    expect(await outcomeText(verifyAccessToken(secret, token))).toBe('Token expired');
  });

  it("refuses a token signed with another key with 'Unauthorized'", async () => {
    const token = await signAccessToken(new TextEncoder().encode('another-secret-another-secret-xx'), claims);
    expect(await outcomeText(verifyAccessToken(secret, token))).toBe('Unauthorized');
    expect(await outcomeText(verifyAccessToken(secret, 'not.a.jwt'))).toBe('Unauthorized');
  });

  it('refuses a token from another issuer', async () => {
    const token = await signAccessToken(secret, { ...claims, iss: 'http://elsewhere/' });
    expect(await outcomeText(verifyAccessToken(secret, token, { issuer: 'http://localhost/' }))).toBe('Unauthorized');
  });
});
