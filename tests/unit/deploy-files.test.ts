// The deployment files (deploy/) agree with the server: the unit starts what the build makes,
// stops it with the signal the server drains on and waits longer than the drain, and the example
// settings are ones the server accepts once their CHANGE-ME values are filled in.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv, drainMs } from '../../server/platform/config';
import { renderSite } from '../support/nginx';

const unit = readFileSync('deploy/academy-api.service', 'utf8');
const envFile = readFileSync('deploy/academy.env', 'utf8');
const setting = (name: string): string | undefined => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1]?.trim();
const env: NodeJS.ProcessEnv = Object.fromEntries(
  envFile
    .split('\n')
    .filter((line) => /^[A-Z_0-9]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('deploy/', () => {
  it('the systemd unit stops with SIGTERM and waits longer than the server drains', () => {
    expect(setting('KillSignal')).toBe('SIGTERM');
    expect(setting('ExecStart')).toContain('dist-server/main.js');
    expect(setting('EnvironmentFile')).toBe('/etc/academy/academy.env');
    expect(setting('Restart')).toBe('on-failure');
    const stopSeconds = Number(setting('TimeoutStopSec'));
    expect(drainMs(env)).toBeLessThan(stopSeconds * 1000);
    expect(drainMs({})).toBeLessThan(stopSeconds * 1000);
  });

  it('the example settings, their CHANGE-ME values filled in, are accepted (a proxy trusted, the request log on)', () => {
    // As shipped they are refused (tests/server/platform/production-start.test.ts): the operator fills them in.
    expect(() => configFromEnv(env)).toThrow(/Refusing to start/);
    const filled = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value?.replaceAll('CHANGE-ME', 'filled-in')]));
    const config = configFromEnv({ ...filled, JWT_SECRET: randomBytes(48).toString('base64') });
    expect(config.trustProxy).toBe(1);
    expect(config.logger).toBe(true);
    expect(config.databaseUrl).toMatch(/^postgresql:/);
  });

  it('the nginx template has a value for every placeholder and appends the peer to X-Forwarded-For', () => {
    const site = renderSite({ API_1: '10.0.0.11:3000', API_2: '10.0.0.12:3000', LISTEN: '80', SERVER_NAME: 'academy.example', LOG_DIR: '/var/log/nginx' });
    expect(site).not.toMatch(/\{\{/);
    expect(site).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(site).toContain('proxy_set_header X-Request-Id $request_id;');
  });
});
