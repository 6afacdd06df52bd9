import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 26: what is installed runs on the Node versions the project declares. `semver` is fastify's own dependency
 * (always installed), loaded here untyped.
 */
const root = path.resolve(import.meta.dirname, '../../../../..');
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('dependencies', () => {
  it('installs no package whose declared Node engines exclude the oldest Node the project declares', () => {
    const declared = json('package.json').engines.node as string;
    const oldest = semver.minVersion(declared)?.version as string;
    expect(oldest).toBe('20.19.0');
    const lock = json('package-lock.json') as { packages: Record<string, { version?: string; engines?: unknown }> };
    const excluding = Object.entries(lock.packages)
      .filter(([name, p]) => {
        const node = (p.engines as { node?: string } | undefined)?.node;
        return name !== '' && typeof node === 'string' && !semver.satisfies(oldest, node);
      })
      .map(([name, p]) => `${name}@${p.version} (node ${(p.engines as { node: string }).node})`);
    expect(excluding).toEqual([]);
  });

  it('does not depend on @fastify/cookie (no cookie is read or set: tokens travel in the Authorization header)', () => {
    const server = json('apps/server/package.json');
    expect({ ...server.dependencies, ...server.devDependencies }).not.toHaveProperty('@fastify/cookie');
  });
});
