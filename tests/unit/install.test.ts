// The product promises to run on the Node versions package.json's `engines` names. A dependency
// that declares a newer Node only warns at install time and may break at run time on a code
// path no test happens to reach, so every package `npm ci` installs is held to that promise.
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';

const manifest = v.parse(v.object({ engines: v.object({ node: v.string() }) }), JSON.parse(readFileSync('package.json', 'utf8')));
const lock = v.parse(
  v.object({
    packages: v.record(
      v.string(),
      v.object({ version: v.optional(v.string()), engines: v.optional(v.unknown()), os: v.optional(v.array(v.string())), cpu: v.optional(v.array(v.string())) }),
    ),
  }),
  JSON.parse(readFileSync('package-lock.json', 'utf8')),
);

/** The platforms the product runs on: those scripts/ensure-node.sh can bring Node 24 to. */
const platforms = { os: ['linux', 'darwin'], cpu: ['x64', 'arm64'] };

/** npm's `os`/`cpu` lists name the platforms a package installs on (`!name` excludes one). */
function allows(list: string[] | undefined, name: string): boolean {
  if (!list) return true;
  if (list.includes(`!${name}`)) return false;
  return list.includes(name) || list.every((entry) => entry.startsWith('!'));
}

/** A package npm installs only elsewhere (sharp's 32-bit Windows binary) never meets our Node. */
function installsHere(entry: { os?: string[]; cpu?: string[] }): boolean {
  return platforms.os.some((os) => allows(entry.os, os)) && platforms.cpu.some((cpu) => allows(entry.cpu, cpu));
}

/** `engines` is an object in nearly every package; a few old ones wrote an array, which npm ignores. */
function nodeRange(engines: unknown): string | undefined {
  if (typeof engines !== 'object' || engines === null || Array.isArray(engines) || !('node' in engines)) return undefined;
  return typeof engines.node === 'string' ? engines.node : undefined;
}

describe('installed packages and the Node we run on', () => {
  // The oldest release of every major line `engines` admits, up to the one we run on, is held to
  // the promise: a package may accept 22.22 yet ask for 24.15, so ">=22.22.2" would promise 24.0
  // falsely ("^22.22.2 || >=24.15.0" says what is true).
  const oldestOfEachLine = new semver.Range(manifest.engines.node).set.flatMap((comparators) => {
    const set = comparators.map(String).join(' ');
    const lowest = semver.minVersion(set);
    if (!lowest) return [null];
    return Array.from({ length: Math.max(1, semver.major(process.versions.node) - lowest.major + 1) }, (_, i) =>
      semver.minVersion(`${set} >=${lowest.major + i}.0.0 <${lowest.major + i + 1}.0.0-0`),
    ).filter((oldest, i) => i === 0 || oldest !== null);
  });

  it('package.json names a Node range with a lowest version on each line', () => {
    expect(oldestOfEachLine.length).toBeGreaterThan(0);
    for (const oldest of oldestOfEachLine) expect(oldest?.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('every package in the lock file accepts the oldest Node of each line we support', () => {
    const refused = Object.entries(lock.packages).flatMap(([where, entry]) => {
      const range = nodeRange(entry.engines);
      if (!range || !semver.validRange(range) || !installsHere(entry)) return [];
      return oldestOfEachLine.flatMap((oldest) =>
        !oldest || semver.satisfies(oldest, range, { includePrerelease: true }) ? [] : [`${where}@${entry.version ?? '?'} needs node ${range}, refuses ${oldest.version}`],
      );
    });
    const names = oldestOfEachLine.map((oldest) => oldest?.version ?? '?').join(', ');
    console.log(`engines: ${Object.keys(lock.packages).length} packages checked against node ${names}; ${refused.length} refusals`);
    expect(refused).toEqual([]);
  });

  it('a package for a platform the product does not run on is the only one left out', () => {
    expect(installsHere({ os: ['win32'], cpu: ['ia32'] })).toBe(false);
    expect(installsHere({ os: ['linux'], cpu: ['x64'] })).toBe(true);
    expect(installsHere({ os: ['!win32'] })).toBe(true);
    expect(installsHere({})).toBe(true);
  });

  it('npm refuses to install a package whose engine the runtime does not meet', () => {
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict\s*=\s*true$/m);
  });
});
