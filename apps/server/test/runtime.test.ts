import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Rally runs on the Node LTS pinned by the root `node` devDependency, whatever
 * the machine's own Node is: npm puts `node_modules/.bin` first on the PATH of
 * every script, so `npm test`, `npm start` and CI all run on it
 * (docs/decisions/012).
 */
const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8'),
) as { engines: { node: string }; devDependencies: Record<string, string> };

describe('the Node runtime', () => {
  it('is the pinned LTS from the npm registry, not the system Node', () => {
    expect(rootPackage.devDependencies.node).toMatch(/^\d+\.\d+\.\d+$/);
    expect(process.versions.node).toBe(rootPackage.devDependencies.node);
    expect(process.execPath).toContain('node_modules');
  });

  it('is an even-numbered (LTS) major that the engines field accepts', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
    const minimum = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(rootPackage.engines.node);
    expect(minimum, 'engines.node is a ">=x.y.z" range').not.toBeNull();
    const [, minMajor, minMinor] = minimum!.map(Number);
    const [, minor] = process.versions.node.split('.').map(Number);
    expect(major > minMajor! || (major === minMajor && minor! >= minMinor!)).toBe(true);
  });
});
