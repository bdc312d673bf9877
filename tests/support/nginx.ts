// Debian's nginx in front of test servers, run by the test itself: a foreground child (no
// daemon), as the test's user, on a free port, with its pid, logs and temp files in a temp dir.
// The site's configuration is deploy/nginx-academy.conf, rendered with the test's ports: the
// file the deployment documentation gives is the one the tests run (tests/support/ensure-nginx.sh
// installs the package when missing).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { waitBudgetMs } from './budget';

export const nginxBinary = '/usr/sbin/nginx';
export const siteTemplate = path.resolve('deploy/nginx-academy.conf');

export interface Nginx {
  url: string;
  port: number;
  /** The access log so far (one JSON line per request, the template's `academy` format). */
  accessLog: () => string;
  stop: () => Promise<void>;
}

/** A port free at the moment of asking (nginx cannot be told port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The template with its placeholders filled; every placeholder must be given. */
export function renderSite(values: Record<'API_1' | 'API_2' | 'LISTEN' | 'SERVER_NAME' | 'LOG_DIR', string>): string {
  const text = readFileSync(siteTemplate, 'utf8').replace(/\{\{([A-Z0-9_]+)\}\}/g, (whole, name: string) => {
    const value = Object.entries(values).find(([key]) => key === name)?.[1];
    if (value === undefined) throw new Error(`${siteTemplate}: no value for ${whole}`);
    return value;
  });
  return text;
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Starts nginx on `port` in `dir` in front of the two API addresses (host:port). */
export async function startNginx(dir: string, port: number, apis: readonly [string, string]): Promise<Nginx> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'academy.conf'), renderSite({ API_1: apis[0], API_2: apis[1], LISTEN: `127.0.0.1:${port}`, SERVER_NAME: '_', LOG_DIR: dir }));
  const temp = (name: string) => `${name} ${path.join(dir, name.replace(/_path$/, ''))};`;
  // What Debian's /etc/nginx/nginx.conf gives the site around it, pointed into the temp dir.
  const main = [
    'daemon off;',
    // As root nginx would switch its workers to `nobody`, who cannot enter the temp dir.
    ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${path.join(dir, 'access.log')};`,
    `  ${temp('client_body_temp_path')}`,
    `  ${temp('proxy_temp_path')}`,
    `  ${temp('fastcgi_temp_path')}`,
    `  ${temp('uwsgi_temp_path')}`,
    `  ${temp('scgi_temp_path')}`,
    '  default_type application/octet-stream;',
    `  include ${path.join(dir, 'academy.conf')};`,
    '}',
    '',
  ].join('\n');
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, main);
  const child: ChildProcess = spawn(nginxBinary, ['-p', dir, '-c', config, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + waitBudgetMs;
  while (!(await connects(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output}${safeRead(path.join(dir, 'error.log'))}`);
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () => safeRead(path.join(dir, 'academy-access.log')),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: nginx's graceful stop (its SIGTERM is the fast one).
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };
}

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
