// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"addColumn","table":"class_sessions","column":"origin","spec":{"type":"text","notNull":true,"default":"manual"}},
    {"op":"createTable","table":"holidays","columns":{"date":{"type":"text","notNull":false},"title":{"type":"text","notNull":true,"default":""},"version":{"type":"integer","notNull":true,"default":1}}},
  ],
};
