// The types of groups.mjs (plain JavaScript, so that stryker.config.mjs can read it without a loader).
export interface MutationGroup {
  name: string;
  slug: string;
  mutate: string[];
  tests: string[];
  owns: (file: string) => boolean;
  ignoreStatic?: boolean;
  isolate?: boolean;
}
export declare const target: number;
export declare const groups: readonly MutationGroup[];
