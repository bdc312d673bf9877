// The transition gate's two halves: every transition a machine declares, and the ones the tests
// took. Each transition is named by its machine's state and event and its place among that
// event's transitions («entityForm.edit.editing —submit#2→ entityForm.edit.saving»), so the name
// stays the same from run to run while the machine does not change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';

interface Node {
  id: string;
  states: Readonly<Record<string, Node>>;
  transitions: ReadonlyMap<string, readonly Transition[]>;
  always?: readonly Transition[];
}
interface Transition {
  source: Node;
  eventType: string;
  target?: ReadonlyArray<{ id: string }> | undefined;
}

/** How an event reads in a name: an invoked actor's done and error events by the actor's id. */
const eventName = (type: string) => type.replace(/^xstate\.(done|error)\.actor\.(?:\d+\.)?/, '$1:').replace(/^xstate\.after\./, 'after:');

function nameOf(transition: Transition, index: number): string {
  const targets = transition.target?.map((t) => t.id).join(',') ?? '(stays)';
  const event = transition.eventType === '' ? 'always' : eventName(transition.eventType);
  return `${transition.source.id} —${event}#${index + 1}→ ${targets}`;
}

function* walk(node: Node): Generator<string> {
  for (const [, list] of node.transitions) for (const [index, transition] of list.entries()) yield nameOf(transition, index);
  for (const [index, transition] of (node.always ?? []).entries()) yield nameOf(transition, index);
  for (const child of Object.values(node.states)) yield* walk(child);
}

/** Every transition the machine declares. */
export function declaredTransitions(machine: AnyStateMachine): string[] {
  const root: Node = machine.root;
  return [...walk(root)];
}

const taken = new Set<string>();

/** An actor's `inspect`: keeps the name of each transition it takes. */
export function recordTransition(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const transition of event._transitions) {
    const source: Node = transition.source;
    const list = transition.eventType === '' ? source.always : source.transitions.get(transition.eventType);
    const index = list?.indexOf(transition) ?? -1;
    if (index >= 0) taken.add(nameOf(transition, index));
  }
}

/** Where each test process leaves the names it saw, for the gate (scripts/transition-gate.ts). */
export const takenDir = resolve(process.cwd(), '.tmp/transitions');

export function writeTaken(): void {
  if (taken.size === 0) return;
  mkdirSync(takenDir, { recursive: true });
  writeFileSync(resolve(takenDir, `${process.pid}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify([...taken]));
}
