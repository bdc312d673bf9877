// What the admin panel knows of every entity before loading its schema file: its sidebar link
// (text, group, place, count) and the entities a screen of it shows besides its own (references
// to pick from and to name, related groups). The panel loads a schema file with the screen that
// needs it (src/components/admin/entities.ts), so a new entity costs the other screens nothing.
import type { AnyEntity, RegistryKey } from '../schema/define';
import { defaultNav } from '../schema/define';
import { generatedHeader } from './entities';

export const entityIndexUrl = new URL('../schema/entityIndex.gen.ts', import.meta.url);
export const entityGrantsUrl = new URL('../schema/entityGrants.gen.ts', import.meta.url);

/** Every other entity a declaration names (a reference's target, a search or a column through one). */
function named(value: unknown, isKey: (name: string) => name is RegistryKey, into: Set<RegistryKey>): void {
  if (Array.isArray(value)) for (const item of value) named(item, isKey, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [name, inner] of Object.entries(value)) {
      if (name === 'entity' && typeof inner === 'string' && isKey(inner)) into.add(inner);
      else named(inner, isKey, into);
    }
  }
}

function closure(start: Iterable<RegistryKey>, direct: ReadonlyMap<RegistryKey, ReadonlySet<RegistryKey>>): RegistryKey[] {
  const seen = new Set<RegistryKey>();
  const walk = (key: RegistryKey) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of direct.get(key) ?? []) walk(next);
  };
  for (const key of start) walk(key);
  return [...seen].sort();
}

/** What schema/entityIndex.gen.ts says of `entity`, one of `entities`. */
export function entitySummary(entity: AnyEntity, entities: readonly AnyEntity[]) {
  const keys: ReadonlySet<string> = new Set(entities.map((e) => e.key));
  const isKey = (name: string): name is RegistryKey => keys.has(name);
  const direct = new Map<RegistryKey, Set<RegistryKey>>();
  for (const each of entities) {
    const into = new Set<RegistryKey>();
    named(each.decl, isKey, into);
    into.delete(each.key);
    direct.set(each.key, into);
  }
  // A list shows its own entity and what it names, and what those name in turn (a reference
  // picker's add-in-place form); a record also shows the groups of the records naming it.
  const referrers = entities.filter((other) => direct.get(other.key)?.has(entity.key)).map((other) => other.key);
  return {
    nav: entity.texts.nav,
    sidebar: entity.sidebar,
    navDecl: entity.decl.nav ?? defaultNav,
    ...(entity.navBadge ? { badgeTitle: entity.navBadge.title } : {}),
    ...(entity.decl.staffGrantable === false ? ({ grantable: false } as const) : {}),
    list: closure([entity.key], direct),
    record: closure([entity.key, ...referrers], direct),
  };
}

export function entityIndexModule(entities: readonly AnyEntity[]): string {
  const summaries = entities.map((entity) => `  ${entity.key}: ${JSON.stringify(entitySummary(entity, entities))},`);
  const loaders = entities.map((entity) => `  ${entity.key}: () => import('./${entity.key}').then((module) => module.default),`);
  return `${generatedHeader}// What the admin knows of each entity before loading its schema file (codegen/entityIndex.ts says why).
import type { AnyEntity, NavDecl } from './define';
import type { RegistryKey } from './registryKeys.gen';

export interface EntitySummary {
  /** The sidebar's link text. */
  nav: string;
  sidebar: boolean;
  navDecl: NavDecl;
  /** What its sidebar count counts, when it has one. */
  badgeTitle?: string;
  /** \`false\`: no staff role may be granted it (the roles themselves); its link is an administrator's. */
  grantable?: false;
  /** The entities its list screen shows (itself first among them), and its record's screen. */
  list: readonly RegistryKey[];
  record: readonly RegistryKey[];
}

export const entitySummaries: Readonly<Record<RegistryKey, EntitySummary>> = {
${summaries.join('\n')}
};

export const entityLoaders: Readonly<Record<RegistryKey, () => Promise<AnyEntity>>> = {
${loaders.join('\n')}
};
`;
}

/**
 * What the roles screen's grid offers of each entity a staff role may be granted: its name, its
 * record actions, its sensitive fields (each with its label) and whether it has a teacher's scope.
 * A module of its own, loaded with the grid only, so no other screen carries it.
 */
export function entityGrantsModule(entities: readonly AnyEntity[]): string {
  const rows = entities
    .filter((entity) => entity.decl.staffGrantable !== false)
    .map((entity) => {
      const fact = {
        key: entity.key,
        title: entity.texts.nav,
        actions: entity.actions.filter((action) => !action.administratorOnly).map((action) => [action.key, action.label]),
        sensitive: (entity.decl.sensitive ?? []).map((name) => [name, entity.decl.fields[name]?.label ?? name]),
        scope: entity.decl.scope !== undefined,
      };
      return `  ${JSON.stringify(fact)},`;
    });
  return `${generatedHeader}// What a staff role may be granted of each entity, for the roles screen's grid (codegen/entityIndex.ts says why).
import type { RegistryKey } from './registryKeys.gen';

export interface EntityGrantFacts {
  key: RegistryKey;
  /** The entity's name in the panel (its sidebar text). */
  title: string;
  /** Its record actions: key and label. */
  actions: ReadonlyArray<readonly [string, string]>;
  /** Its sensitive fields: name and label. */
  sensitive: ReadonlyArray<readonly [string, string]>;
  /** Whether it declares a teacher's scope («فقط موارد خودِ مدرس»). */
  scope: boolean;
}

export const entityGrantFacts: ReadonlyArray<EntityGrantFacts> = [
${rows.join('\n')}
];
`;
}
