// `npm run migrations:new -- <what_it_does>`: a hand-written migration (for a table no schema file
// owns), named in the history's current era so no other branch makes the same name, and joined
// to the history's index at once.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { historyIndexModule, historyIndexUrl, loadHistory, migrationsDir, newMigrationName } from './migrationHistory';

const template = `import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql\`select 1\`.execute(db);
}
`;

async function main(): Promise<void> {
  const what = (process.argv[2] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9_]*$/.test(what)) {
    console.error('migrations:new: name what the migration does in lower-case words joined by _, e.g. add_room_notes');
    process.exit(1);
  }
  const history = await loadHistory();
  const name = newMigrationName(history.entries, what);
  const file = `${name}.ts`;
  await writeFile(new URL(file, migrationsDir), template, { flag: 'wx' });
  await writeFile(historyIndexUrl, historyIndexModule([...history.entries, { name, file }]));
  console.log(`wrote ${fileURLToPath(new URL(file, migrationsDir))}; write its up() and run the server to apply it`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
