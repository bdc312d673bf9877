// Turns openapi.yaml into TypeScript types. `--check` exits non-zero when the committed
// output differs from what the contract generates now (the staleness test uses the same function).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
export const contractUrl = new URL('openapi.yaml', root);
export const outputUrl = new URL('codegen/openapi.gen.ts', root);

const header = `// GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with \`npm run codegen\`.\n/* eslint-disable */\n`;

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(contractUrl, { exportType: true, alphabetize: false });
  return header + astToString(ast);
}

async function main(): Promise<void> {
  const fresh = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = await readFile(outputUrl, 'utf8').catch(() => '');
    if (current !== fresh) {
      console.error('codegen/openapi.gen.ts is stale: run `npm run codegen`.');
      process.exit(1);
    }
    console.log('codegen output is up to date');
    return;
  }
  await writeFile(outputUrl, fresh);
  console.log(`wrote ${fileURLToPath(outputUrl)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
