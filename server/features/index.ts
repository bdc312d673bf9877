// The composition of the features: each folder's entry, in one list. The server plugs their
// behaviours into the engine (in the order their `after` declarations give), registers their
// routes, runs their jobs and, at a first start, puts in their data; it knows nothing else of
// them. A new feature is one folder with an index.ts, and one line here.
import type { Transaction } from 'kysely';
import type { Database } from '../platform/db';
import { catalogue } from './catalogue';
import { classes } from './classes';
import { commerce } from './commerce';
import { family } from './family';
import { identity } from './identity';
import { media } from './media';
import { messaging } from './messaging';
import { secondFactor } from './secondFactor';
import { staff } from './staff';
import { composeJobs, orderBehaviours, type Job, type JobsByName } from './feature';

export const features = [identity, secondFactor, staff, family, catalogue, classes, commerce, media, messaging] as const;

type Contexts<List> = List extends readonly [infer First, ...infer Rest] ? (First extends { routes: (context: infer C) => void } ? C : never) & Contexts<Rest> : unknown;
/** What the server gives the features' routes: every feature's needs at once. */
export type FeaturesContext = Contexts<typeof features>;

type JobsOf<List> = List extends readonly [infer First, ...infer Rest] ? (First extends { jobs?: (context: never) => infer Jobs } ? Jobs : unknown) & JobsOf<Rest> : unknown;
/** The name of a feature's periodic job. */
export type JobName = keyof JobsOf<typeof features> & string;

/** The features' periodic jobs, as the server holds them (`app.jobs`). */
export type BackgroundJobs = JobsByName<JobName>;

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

/** Every feature's periodic jobs, made from what the server gives the features. */
export function featureJobs(context: FeaturesContext): BackgroundJobs {
  return composeJobs(features.flatMap((feature) => ('jobs' in feature && feature.jobs ? Object.entries<Job>(feature.jobs(context)) : [])));
}

/** What every feature puts in a new database at its first start, in the features' order. */
export async function seedFeatures(trx: Transaction<Database>): Promise<void> {
  for (const feature of features) if (feature.seed) await feature.seed(trx);
}
