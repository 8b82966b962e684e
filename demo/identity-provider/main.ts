// `npm start` runs this beside the reference server: the demo's external OpenID provider on
// 127.0.0.1:IDP_PORT (default 8104), with the reference server's callback IDP_REDIRECT_URI as
// its one client's redirect URI, and IDP_PORTAL_URL the portal its root page links back to.
import { startDemoIdentityProvider } from './provider';

const port = process.env.IDP_PORT ? Number(process.env.IDP_PORT) : 8104;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`IDP_PORT must be a port number, got ${process.env.IDP_PORT}`);
  process.exit(1);
}
const redirectUri = process.env.IDP_REDIRECT_URI ?? 'http://127.0.0.1:8103/auth/external/callback';

const provider = await startDemoIdentityProvider({
  port,
  redirectUris: [redirectUri],
  portalUrl: process.env.IDP_PORTAL_URL || undefined,
}).catch((err) => {
  console.error(`[identity-provider] cannot start on port ${port}: ${err.code ?? err.message}`);
  process.exit(1);
});
console.log(`[identity-provider] Northwind Health ID (OpenID provider) ready at ${provider.issuer}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // Ctrl+C reaches it twice: from the terminal and forwarded by `npm start`.
    if (stopping) return;
    stopping = true;
    void provider.close().then(() => process.exit(0));
  });
}
