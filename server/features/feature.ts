// What a feature is to the server that composes it: its entity behaviours, each named and placed
// after the ones it must follow, and its routes, registered from what the server gives every
// feature (plus what the feature itself asks for by name, its `Needs`). Each folder under
// server/features/ exports one of these from its index.ts; server/features/index.ts lists them.
import type { AppConfig } from '../platform/config';
import type { DB } from '../platform/db';
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

export interface Feature<Needs extends FeatureContext = FeatureContext> {
  name: string;
  behaviours: readonly Behaviour[];
  routes: (context: Needs) => void;
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
