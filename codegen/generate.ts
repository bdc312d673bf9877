// `npm run codegen`: from the schema files and openapi.yaml, writes
// - openapi.yaml's generated regions (each entity's components and calls, codegen/entities.ts),
// - schema/registry.gen.ts (every entity file of schema/) and schema/registryKeys.gen.ts (their keys),
// - schema/entityIndex.gen.ts (the admin's sidebar and each screen's entities, without the schemas)
//   and schema/entityGrants.gen.ts (what the roles screen's grid offers of each entity),
// - server/platform/entityTables.gen.ts (the entity tables' types for Kysely) and
//   server/engine/publicViews.gen.ts (each public view's projection of a row),
// - a new migration in server/platform/migrations/ when a schema's table changed, and that
//   history's index (history.gen.ts, which also lists the hand-written migrations),
// - codegen/openapi.gen.ts (types, openapi-typescript) and codegen/openapi.gen.json (the parsed
//   contract the server reads at start instead of parsing YAML).
// `--check` writes nothing and exits non-zero when any of them differs from what the sources
// generate now (the staleness check of the test command).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { contractDigest, type ParsedContract } from './parsedContract';
import { loadEntities, registryKeysModule, registryKeysUrl, registryModule, registryUrl, SchemaError } from './entities';
import { generatedMigrationModule, historyIndexModule, historyIndexUrl, loadHistory, migrationsDir, nextHistory } from './migrationHistory';
import { contractWithEntities } from './contractBlocks';
import { entityGrantsModule, entityGrantsUrl, entityIndexModule, entityIndexUrl } from './entityIndex';
import { tableTypesModule, tableTypesUrl } from './tableTypes';
import { checkSections, publicSectionsModule, publicSectionsUrl, publicViewsModule, publicViewsUrl } from './publicViews';

const root = new URL('../', import.meta.url);
export const contractUrl = new URL('openapi.yaml', root);
export const outputUrl = new URL('codegen/openapi.gen.ts', root);
export const parsedOutputUrl = new URL('codegen/openapi.gen.json', root);

const header = `// GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with \`npm run codegen\`.\n/* eslint-disable */\n`;

export async function generateTypes(contract?: string): Promise<string> {
  const ast = await openapiTS(contract ?? contractUrl, { exportType: true, alphabetize: false });
  return header + astToString(ast);
}

/** openapi.yaml parsed, stamped with the digest of its text (server/platform/contract.ts checks it). */
export async function generateParsedContract(contract?: string): Promise<string> {
  const source = contract ?? (await readFile(contractUrl, 'utf8'));
  const parsed: ParsedContract = {
    $comment: 'GENERATED FILE, DO NOT EDIT. Source: openapi.yaml. Regenerate with `npm run codegen`.',
    sourceSha256: contractDigest(source),
    document: parse(source),
  };
  return `${JSON.stringify(parsed, null, 1)}\n`;
}

/** Every generated file with the text the sources give it now. */
export async function generateAll(): Promise<Array<readonly [URL, string]>> {
  const entities = await loadEntities();
  await checkSections(entities);
  const contract = contractWithEntities(await readFile(contractUrl, 'utf8'), entities);
  const history = nextHistory(await loadHistory(), entities);
  return [
    [contractUrl, contract],
    [registryUrl, registryModule(entities)],
    [registryKeysUrl, registryKeysModule(entities)],
    [entityIndexUrl, entityIndexModule(entities)],
    [entityGrantsUrl, entityGrantsModule(entities)],
    [tableTypesUrl, tableTypesModule(entities)],
    [publicViewsUrl, publicViewsModule(entities)],
    [publicSectionsUrl, publicSectionsModule(entities)],
    ...(history.added?.generated ? [[new URL(history.added.file, migrationsDir), generatedMigrationModule(history.added.generated)] as const] : []),
    [historyIndexUrl, historyIndexModule(history.entries)],
    [outputUrl, await generateTypes(contract)],
    [parsedOutputUrl, await generateParsedContract(contract)],
  ];
}

async function main(): Promise<void> {
  let outputs: Array<readonly [URL, string]>;
  try {
    outputs = await generateAll();
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    console.error(`codegen: ${error.message}`);
    process.exit(1);
  }
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
    const current = await readFile(url, 'utf8').catch(() => '');
    if (current === fresh) continue;
    await writeFile(url, fresh);
    console.log(`wrote ${fileURLToPath(url)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
