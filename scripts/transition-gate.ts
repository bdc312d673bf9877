// The transition gate: after the unit lane, every transition of every machine in src/machines
// must have been taken by some test (tests/support/transitions.ts recorded them). Prints the ones
// no test takes, by machine, and fails when there is one, so a transition added without a test
// fails the test command. Run `npm run test:transitions` after `npx vitest run tests/machines
// tests/unit` to see the list on its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { actionMachine } from '../src/machines/actionMachine';
import { bulkMachine } from '../src/machines/bulkMachine';
import { deleteMachine } from '../src/machines/deleteMachine';
import { formMachine } from '../src/machines/formMachine';
import { importMachine } from '../src/machines/importMachine';
import { listMachine } from '../src/machines/listMachine';
import { mediaMachine } from '../src/machines/media';
import { uploadMachine } from '../src/machines/uploadMachine';
import { declaredTransitions, takenDir } from '../tests/support/transitions';

const machines: readonly AnyStateMachine[] = [actionMachine, bulkMachine, deleteMachine, formMachine, importMachine, listMachine, mediaMachine, uploadMachine];

const taken = new Set<string>();
if (existsSync(takenDir)) {
  for (const file of readdirSync(takenDir)) {
    const names: unknown = JSON.parse(readFileSync(resolve(takenDir, file), 'utf8'));
    if (Array.isArray(names)) for (const name of names) if (typeof name === 'string') taken.add(name);
  }
}

let declared = 0;
let untaken = 0;
for (const machine of machines) {
  const all = declaredTransitions(machine);
  const missing = all.filter((name) => !taken.has(name));
  declared += all.length;
  untaken += missing.length;
  console.log(`${machine.id}: ${all.length - missing.length}/${all.length} transitions taken`);
  for (const name of missing) console.log(`  not taken: ${name}`);
}
console.log(`${declared - untaken} of ${declared} transitions taken by a test`);
if (untaken > 0) {
  console.log('Every transition needs a test that takes it (tests/machines): see the list above.');
  process.exit(1);
}
