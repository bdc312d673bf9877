// Every entity the generic admin, the test mocks and the server's CRUD know about.
import articles from './articles';
import categories from './categories';
import courses from './courses';
import type { AnyEntity, RegistryKey } from './define';
import messages from './messages';
import teachers from './teachers';
import users from './users';

export const registry: Readonly<Record<RegistryKey, AnyEntity>> = {
  categories,
  courses,
  articles,
  teachers,
  users,
  messages,
};

export const registryKeys = Object.keys(registry).filter((key): key is RegistryKey => key in registry);
