// Entry point: `tsx server/main.ts`. Settings come from the environment (see config.ts).
import { buildApp } from './app';
import { configFromEnv } from './config';

// Server-rendered pages show dates and times in this zone; the browser then renders them in the
// visitor's own zone. The academy's visitors are in Iran, so by default the two agree and the
// browser adopts the server's HTML as it is (elsewhere React re-renders the page, correctly).
process.env.TZ ??= 'Asia/Tehran';

const { port, ...config } = configFromEnv();
const app = await buildApp({ ...config, trustProxy: process.env.TRUST_PROXY === '1' });
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`Academy is running at http://localhost:${actualPort}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
