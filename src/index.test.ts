// @vitest-environment node
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the root entry', () => {
  it('never imports React, directly or through a dependency', async () => {
    const result = await build({
      entryPoints: ['src/index.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      // fhirpath is loaded lazily by the questionnaire engine and never imports React either,
      // but it is large; keeping it external keeps this test fast.
      external: ['fhirpath', 'fhirpath/*'],
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => /node_modules\/(react|react-dom|scheduler)\//.test(path))).toEqual([]);
  });

  it('loads without a DOM', async () => {
    expect(typeof (globalThis as any).window).toBe('undefined');
    const mod = await import('./index');
    expect(Object.keys(mod).length).toBeGreaterThan(0);
  });
});
