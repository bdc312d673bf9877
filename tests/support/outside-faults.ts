// The ways an outside service (the payment gateway, the SMS service, the mail server) can answer
// other than its contract says, one list for every test double that injects them, so the three
// boundaries are tried against the same faults. What each fault means for one protocol is told
// beside that double (fake-gateway.ts, fake-sms.ts, fake-smtp.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const outsideFaults = [
  'wrongShape',
  'missingFields',
  'extraFields',
  'html',
  'empty',
  'huge',
  'unknownStatus',
  'duplicateId',
  'slow',
  'dropped',
  'droppedAfter',
  'unasked',
] as const;
export type OutsideFault = (typeof outsideFaults)[number];

/** A body bigger than any client should read: a double's huge fault streams this many bytes. */
export const hugeAnswerBytes = 64 * 1024 * 1024;

/**
 * Counts what each fault produced, per boundary, and writes the counts when the file's tests have
 * run (`.tmp/outside-faults/<name>.json`), where the fuzz report reads them.
 */
export function faultFigures(name: string): (boundary: string, outcome: string) => void {
  const figures = new Map<string, Map<string, number>>();
  afterAll(() => {
    const dir = fileURLToPath(new URL('../../.tmp/outside-faults/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const out = Object.fromEntries([...figures].map(([boundary, outcomes]) => [boundary, { tried: [...outcomes.values()].reduce((a, b) => a + b, 0), outcomes: Object.fromEntries(outcomes) }]));
    writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ at: new Date().toISOString(), ...out }, null, 2));
  });
  return (boundary, outcome) => {
    const outcomes = figures.get(boundary) ?? new Map<string, number>();
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    figures.set(boundary, outcomes);
  };
}
