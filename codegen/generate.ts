// Turns openapi.yaml into TypeScript types (codegen/openapi.gen.ts) and into the parsed
// document the server loads at start instead of parsing the YAML (codegen/openapi.gen.json).
// `--check` exits non-zero when a committed output differs from what the contract generates now
// (the staleness test uses the same functions).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { contractDigest, type ParsedContract } from '../server/contract';

const root = new URL('../', import.meta.url);
export const contractUrl = new URL('openapi.yaml', root);
export const outputUrl = new URL('codegen/openapi.gen.ts', root);
export const parsedOutputUrl = new URL('codegen/openapi.gen.json', root);

const header = `// GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with \`npm run codegen\`.\n/* eslint-disable */\n`;

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(contractUrl, { exportType: true, alphabetize: false });
  return header + astToString(ast);
}

/** openapi.yaml parsed, stamped with the digest of its text (server/contract.ts checks it). */
export async function generateParsedContract(): Promise<string> {
  const source = await readFile(contractUrl, 'utf8');
  const parsed: ParsedContract = {
    $comment: 'GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with `npm run codegen`.',
    sourceSha256: contractDigest(source),
    document: parse(source),
  };
  return `${JSON.stringify(parsed, null, 1)}\n`;
}

async function main(): Promise<void> {
  const outputs = [
    [outputUrl, await generateTypes()],
    [parsedOutputUrl, await generateParsedContract()],
  ] as const;
  if (process.argv.includes('--check')) {
    let stale = false;
    for (const [url, fresh] of outputs) {
      const current = await readFile(url, 'utf8').catch(() => '');
      if (current !== fresh) {
        console.error(`${fileURLToPath(url)} is stale: run \`npm run codegen\`.`);
        stale = true;
      }
    }
    if (stale) process.exit(1);
    console.log('codegen output is up to date');
    return;
  }
  for (const [url, fresh] of outputs) {
    await writeFile(url, fresh);
    console.log(`wrote ${fileURLToPath(url)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
