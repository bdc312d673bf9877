// What a feature is to the server that composes it: its entity behaviours, each named and placed
// after the ones it must follow; its routes, registered from what the server gives every feature
// (plus what the feature itself asks for by name, its `Needs`); its periodic jobs; and what it puts
// in every new database. Each folder under server/features/ exports one of these from its
// index.ts; server/features/index.ts lists them.
import type { Transaction } from 'kysely';
import type { AppConfig } from '../platform/config';
import type { Database, DB } from '../platform/db';
import type { JobClock } from '../platform/jobClock';
import type { Register } from '../platform/http';
import type { Gateway, Messaging } from '../platform/outside';

/** One entity behaviour a feature plugs into the engine (server/engine/behaviours.ts). */
export interface Behaviour {
  /** Unique over all features: what another behaviour's `after` names. */
  name: string;
  /** Behaviours that must be plugged in (and so run on a shared write) before this one. */
  after?: readonly string[];
  plugIn: () => void;
}

/** What the server gives every feature's routes. */
export interface FeatureContext {
  register: Register;
  db: DB;
  config: AppConfig;
  gateway: Gateway;
  messaging: Messaging;
  /** The site's origin (scheme, host, port), for links a feature writes. */
  siteOrigin: string;
  /** Where an error no caller hears (a mail that failed in the background) is logged. */
  report: (error: unknown) => void;
}

/** A periodic job: one round of it, and the timer that runs rounds. */
export interface Job {
  /** One round, as its timer runs it: what a test runs when it says (its servers start no timer). */
  round: () => Promise<void>;
  /** Starts the timer on `clock`; the function answered stops it once the round under way has ended. */
  start: (clock: JobClock) => () => Promise<void>;
}

export interface Feature<Needs extends FeatureContext = FeatureContext, Jobs extends Record<string, Job> = Record<never, Job>> {
  name: string;
  behaviours: readonly Behaviour[];
  routes: (context: Needs) => void;
  /** Its periodic jobs, by name (the server's `app.jobs.<name>()` runs one round). */
  jobs?: (context: Needs) => Jobs;
  /**
   * What the feature puts in a new database at its first start, production included, inside the
   * first start's transaction (before any sample data, which may refer to it).
   */
  seed?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * The behaviours of every feature in an order that keeps each `after` (otherwise the features'
 * own order): a behaviour that names an unknown one, or a circle of them, stops the start.
 */
export function orderBehaviours(behaviours: readonly Behaviour[]): Behaviour[] {
  const byName = new Map<string, Behaviour>();
  for (const behaviour of behaviours) {
    if (byName.has(behaviour.name)) throw new Error(`behaviour ${behaviour.name} is declared twice`);
    byName.set(behaviour.name, behaviour);
  }
  const ordered: Behaviour[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (behaviour: Behaviour, path: readonly string[]) => {
    const seen = state.get(behaviour.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`behaviours in a circle: ${[...path, behaviour.name].join(' → ')}`);
    state.set(behaviour.name, 'visiting');
    for (const name of behaviour.after ?? []) {
      const before = byName.get(name);
      if (!before) throw new Error(`behaviour ${behaviour.name} runs after ${name}, which no feature declares`);
      visit(before, [...path, behaviour.name]);
    }
    state.set(behaviour.name, 'done');
    ordered.push(behaviour);
  };
  for (const behaviour of behaviours) visit(behaviour, []);
  return ordered;
}

/** Jobs held by name: one round of a job on demand, or every job on its timer. */
export interface JobsByName<Name extends string> {
  /** Runs one round of the job, as its timer would: how a test without timers moves a job on. */
  round: (name: Name) => Promise<void>;
  /** Starts every job's timer on `clock`, answering the stop of all (each ends its round under way). */
  start: (clock: JobClock) => () => Promise<void>;
}

/** The features' jobs under their names; a name declared twice stops the start. */
export function composeJobs<Name extends string>(jobs: ReadonlyArray<readonly [string, Job]>): JobsByName<Name> {
  const byName = new Map<string, Job>();
  for (const [name, job] of jobs) {
    if (byName.has(name)) throw new Error(`job ${name} is declared twice`);
    byName.set(name, job);
  }
  return {
    async round(name) {
      const job = byName.get(name);
      if (!job) throw new Error(`no feature runs a job named ${name}`);
      return job.round();
    },
    start(clock) {
      const stops = [...byName.values()].map((job) => job.start(clock));
      return async () => {
        await Promise.all(stops.map((stop) => stop()));
      };
    },
  };
}
