// Model-based paths through the generic machines (@xstate/graph). The model is the machine itself:
// at rest it takes the admin's events; where it waits for a request, it takes the double's answer
// (`answer` events: success, zero rows, refusal, conflict, network error, malformed page, expired
// session), turned into the done or error event the request's actor would send. The shortest path
// to every transition (a state named with the state it came from and the event that took it
// there) is run against the real machine and the msw double: before each event the double is told
// the answers the path expects next, then the real actor must reach the state the model reached.
import { getShortestPaths, type StatePath } from '@xstate/graph';
import { getInitialSnapshot, getNextSnapshot, type ActorLogic, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { clearGetCache } from '../../src/api/client';
import { reach } from './harness';

export type Answer = 'success' | 'empty' | 'refusal' | 'conflict' | 'offline' | 'malformed' | 'expired';

export interface AnswerEvent {
  type: 'answer';
  answer: Answer;
}

const isAnswer = (event: AnyEventObject): event is AnswerEvent => event.type === 'answer';

/** What the request's actor hands the machine for an answer: its output, or the error it throws. */
export type Outcome = { output: unknown } | { error: unknown };

/** One generic machine as a model, for one entity. */
export interface MachineModel {
  machine: AnyStateMachine;
  input: unknown;
  /** The admin's events the model tries at rest (those the machine ignores there are left out). */
  events: (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[];
  /** The double's answers the model tries where a request is under way. */
  answers: (snapshot: AnyMachineSnapshot) => readonly Answer[];
  /** What the machine is told for an answer, as the real call would resolve or reject. */
  outcome: (snapshot: AnyMachineSnapshot, answer: Answer) => Outcome;
  /** The context a guard reads later, as part of a state's name (empty when none does). */
  digest?: (snapshot: AnyMachineSnapshot) => string;
  /** What the real actor must hold besides its state where the model holds `expected` (throws when it does not). */
  check?: (expected: AnyMachineSnapshot, actual: AnyMachineSnapshot) => void;
}

/** A request is under way: the machine has invoked an actor and waits for it. */
const waiting = (snapshot: AnyMachineSnapshot): boolean => Object.keys(snapshot.children).length > 0;

/** A state's name: its value and what of its context decides later steps. */
export const stateName = (model: MachineModel, snapshot: AnyMachineSnapshot): string =>
  `${typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value)}${model.digest?.(snapshot) ?? ''}`;

/** An event's name in a path: the admin's by its type (and the action it runs), an answer by what the double answers. */
export function eventName(event: AnyEventObject): string {
  if (isAnswer(event)) return `⇒${event.answer}`;
  const action: unknown = event.action;
  const key = typeof action === 'object' && action !== null && 'key' in action ? `(${String(action.key)})` : '';
  return `${event.type}${key}`;
}

function logicOf(model: MachineModel): ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown> {
  const { machine } = model;
  return {
    transition: (snapshot, event, scope) => {
      if (!isAnswer(event)) return machine.transition(snapshot, event, scope);
      const [id] = Object.keys(snapshot.children);
      const outcome = model.outcome(snapshot, event.answer);
      const told = 'output' in outcome ? { type: `xstate.done.actor.${id}`, output: outcome.output } : { type: `xstate.error.actor.${id}`, error: outcome.error };
      return machine.transition(snapshot, told, scope);
    },
    getInitialSnapshot: (scope, input) => machine.getInitialSnapshot(scope, input),
    getPersistedSnapshot: (snapshot) => machine.getPersistedSnapshot(snapshot),
  };
}

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject> & { name: string };

/**
 * The shortest path to every transition of the model, less those another path starts with (it
 * takes them on its way): each transition taken once or a few times, never every simple path.
 */
export function modelPaths(model: MachineModel): ModelPath[] {
  const logic = logicOf(model);
  const name = (snapshot: AnyMachineSnapshot) => stateName(model, snapshot);
  const paths = getShortestPaths(logic, {
    input: model.input,
    events: (snapshot) => (waiting(snapshot) ? model.answers(snapshot).map((answer): AnyEventObject => ({ type: 'answer', answer })) : model.events(snapshot).filter((event) => snapshot.can(event))),
    serializeEvent: (event) => eventName(event),
    // A transition, not a state: the state with where it came from and how.
    serializeState: (snapshot, event, previous) => `${previous ? name(previous) : ''} —${event ? eventName(event) : ''}→ ${name(snapshot)}`,
  });
  const named = paths.map((path) => {
    // The graph's first step is the machine's start (xstate.init), which the actor takes as it
    // starts. The states are replayed: the graph keeps one snapshot per name, whose context may
    // come from another path.
    const events = path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');
    let snapshot = getInitialSnapshot(logic, model.input);
    const steps = events.map((event) => {
      snapshot = getNextSnapshot(logic, snapshot, event);
      return { event, state: snapshot };
    });
    // A path that ends with a request under way ends with its first answer too, so no request
    // outlives its test.
    for (let answer = model.answers(snapshot)[0]; waiting(snapshot) && answer; answer = model.answers(snapshot)[0]) {
      const event: AnyEventObject = { type: 'answer', answer };
      snapshot = getNextSnapshot(logic, snapshot, event);
      steps.push({ event, state: snapshot });
      events.push(event);
    }
    return { ...path, steps, state: snapshot, name: `${model.machine.id}: ${events.map(eventName).join(' ')} ⇢ ${name(snapshot)}` };
  }).filter((path) => path.steps.length > 0);
  const signature = (path: ModelPath) => path.steps.map((step) => `${eventName(step.event)}→${name(step.state)}`).join('|');
  const signatures = named.map(signature);
  return named
    .filter((path, index) => {
      const own = signatures[index] ?? '';
      return !signatures.some((other, otherIndex) => otherIndex !== index && other.length > own.length && other.startsWith(`${own}|`));
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The admin's events the paths take, by name: a test holds them to what the entity declares, since
 * a guard that wrongly refuses an event (an edit offered only where a create is declared) would
 * drop its paths from the model without failing any.
 */
export const eventsTaken = (paths: readonly ModelPath[]): string[] =>
  [...new Set(paths.flatMap((path) => path.steps.map((step) => eventName(step.event)).filter((name) => !name.startsWith('⇒'))))].sort();

/** The system under test: the real actor (not started), the double told each answer before the event that asks for it. */
export interface Subject<A extends AnyActorRef> {
  actor: A;
  /** Makes the double answer `answer` to the request the machine makes in `pending` (the model's state). */
  arrange: (pending: AnyMachineSnapshot, answer: Answer) => void;
}

/**
 * Runs one path on the real actor: before each of the admin's events, the double is told the
 * answers the model takes next; after it, the actor must reach the state the model reached, and a
 * wait that ends without it fails naming the state the actor stayed in and the step.
 */
export async function runPath<A extends AnyActorRef>(model: MachineModel, path: ModelPath, subject: Subject<A>): Promise<void> {
  const { actor, arrange } = subject;
  // Answers before any event: the request the machine makes as it starts (a list's first load).
  let pending = getInitialSnapshot(model.machine, model.input);
  let index = 0;
  for (let step = path.steps[0]; step && isAnswer(step.event); step = path.steps[++index]) {
    arrange(pending, step.event.answer);
    pending = step.state;
  }
  clearGetCache();
  actor.start();
  await reach(actor, (snapshot: AnyMachineSnapshot) => stateName(model, snapshot) === stateName(model, pending), `${stateName(model, pending)} as it starts`);
  while (index < path.steps.length) {
    const step = path.steps[index];
    if (!step) break;
    let target = step.state;
    let next = index + 1;
    for (let after = path.steps[next]; after && isAnswer(after.event); after = path.steps[++next]) {
      arrange(target, after.event.answer);
      target = after.state;
    }
    // The GET cache would answer a reload without asking the double.
    clearGetCache();
    actor.send(step.event);
    const taken = path.steps.slice(0, next).map((s) => eventName(s.event)).join(' ');
    const reached: AnyMachineSnapshot = await reach(actor, (snapshot: AnyMachineSnapshot) => stateName(model, snapshot) === stateName(model, target), `${stateName(model, target)} after ${taken}`);
    model.check?.(target, reached);
    index = next;
  }
}
