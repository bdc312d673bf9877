// The admin's entities, each schema file loaded with the screen that shows it: the sidebar reads
// schema/entityIndex.gen.ts (texts and places, no schema), a screen's route loads the entities it
// shows (its summary's `list` or `record`) before it renders, and the generic components read
// them here. A new entity's schema file costs the other screens nothing.
import { useEffect, useState } from 'react';
import type { AnyEntity } from '../../../schema/define';
import { entityLoaders, entitySummaries } from '../../../schema/entityIndex.gen';
import { registryKeys, type RegistryKey } from '../../../schema/registryKeys.gen';

const loaded = new Map<RegistryKey, AnyEntity>();
const loading = new Map<RegistryKey, Promise<AnyEntity>>();

export function loadEntity(key: RegistryKey): Promise<AnyEntity> {
  let entity = loading.get(key);
  if (!entity) {
    entity = entityLoaders[key]().then((schema) => {
      loaded.set(key, schema);
      return schema;
    });
    // A failed load (the network) is tried again by the next screen that needs it.
    entity.catch(() => loading.delete(key));
    loading.set(key, entity);
  }
  return entity;
}

/** Every entity the screen of `key` shows; resolves to `key`'s own. */
export async function loadScreenEntities(key: RegistryKey, screen: 'list' | 'record'): Promise<AnyEntity> {
  const [own] = await Promise.all([loadEntity(key), ...entitySummaries[key][screen].map(loadEntity)]);
  return own;
}

/** Every entity (the audit log names them all). */
export async function loadAllEntities(): Promise<void> {
  await Promise.all(registryKeys.map(loadEntity));
}

/** An entity its screen's route loaded, else none yet. */
export function loadedEntity(key: RegistryKey): AnyEntity | undefined {
  return loaded.get(key);
}

/**
 * An entity for a component: at once when its screen loaded it (always, for the entities the
 * screen's summary lists), else after its file arrives.
 */
export function useEntity(key: RegistryKey | null): AnyEntity | undefined {
  const [, arrived] = useState(0);
  const entity = key ? loaded.get(key) : undefined;
  useEffect(() => {
    if (!key || loaded.has(key)) return undefined;
    let live = true;
    loadEntity(key).then(
      () => live && arrived((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [key]);
  return entity;
}
