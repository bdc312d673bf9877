// The product promises to run on the Node versions package.json's `engines` names. A dependency
// that declares a newer Node only warns at install time and may break at run time on a code
// path no test happens to reach, so every package `npm ci` installs is held to that promise.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';

const manifest = v.parse(v.object({ engines: v.object({ node: v.string() }) }), JSON.parse(readFileSync('package.json', 'utf8')));
const lock = v.parse(
  v.object({ packages: v.record(v.string(), v.object({ version: v.optional(v.string()), engines: v.optional(v.unknown()) })) }),
  JSON.parse(readFileSync('package-lock.json', 'utf8')),
);

/** `engines` is an object in nearly every package; a few old ones wrote an array, which npm ignores. */
function nodeRange(engines: unknown): string | undefined {
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines) || !('node' in engines)) return undefined;
  return typeof engines.node === 'string' ? engines.node : undefined;
}

describe('installed packages and the Node we run on', () => {
  const oldestSupported = semver.minVersion(manifest.engines.node);

  it('package.json names a Node range with a lowest version', () => {
    expect(oldestSupported?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('every package in the lock file accepts the oldest Node we support', () => {
    const refused = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = nodeRange(entry.engines);
      if (!range || !oldestSupported || !semver.validRange(range)) return [];
      return semver.satisfies(oldestSupported, range, { includePrerelease: true }) ? [] : [`${where}@${entry.version ?? '?'} needs node ${range}`];
    });
    console.log(`engines: ${Object.keys(lock.packages).length} packages checked against node ${oldestSupported?.version ?? '?'}; ${refused.length} refuse it`);
    expect(refused).toEqual([]);
  });

  it('npm refuses to install a package whose engine the runtime does not meet', () => {
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict\s*=\s*true$/m);
  });
});
