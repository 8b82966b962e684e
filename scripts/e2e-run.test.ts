import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

describe('e2e/run.mjs', () => {
  describe('when Chromium is missing', () => {
    it('fails and says where it looked, outside CI too', () => {
      const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' };
      delete env.CI;
      const result = spawnSync(process.execPath, ['e2e/run.mjs'], { cwd: root, env, encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Chromium not found at /nonexistent/chromium');
    });
  });
});
