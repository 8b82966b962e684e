/** Demo sign-ins and secrets, for tests and tools (demo data only; see demo/server/README.md). */
export {
  DemoCredentials,
  DEMO_MFA_SECRET,
  DEMO_MFA_SECRET as DEMO_MFA_TOTP_SECRET,
  DEMO_CLIENT_ID,
  DEMO_CLIENT_SECRET,
  DEMO_PROJECT_ID,
} from './ids';
