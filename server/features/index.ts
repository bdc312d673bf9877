// The composition of the features: each folder's entry, in one list. The server plugs their
// behaviours into the engine (in the order their `after` declarations give) and registers their
// routes; it knows nothing else of them. A new feature is one folder with an index.ts, and one
// line here.
import { catalogue } from './catalogue';
import { classes } from './classes';
import { commerce } from './commerce';
import { family } from './family';
import { identity } from './identity';
import { media } from './media';
import { messaging } from './messaging';
import { secondFactor } from './secondFactor';
import { staff } from './staff';
import { orderBehaviours } from './feature';

export const features = [identity, secondFactor, staff, family, catalogue, classes, commerce, media, messaging] as const;

type Contexts<List> = List extends readonly [infer First, ...infer Rest] ? (First extends { routes: (context: infer C) => void } ? C : never) & Contexts<Rest> : unknown;
/** What the server gives the features' routes: every feature's needs at once. */
export type FeaturesContext = Contexts<typeof features>;

let plugged = false;

/** Plugs every feature's behaviours in, once per process: behaviours are plain functions every server shares. */
export function plugInFeatures(): void {
  if (plugged) return;
  plugged = true;
  for (const behaviour of orderBehaviours(features.flatMap((feature) => feature.behaviours))) behaviour.plugIn();
}

/** Registers every feature's routes. */
export function registerFeatureRoutes(context: FeaturesContext): void {
  for (const feature of features) feature.routes(context);
}
