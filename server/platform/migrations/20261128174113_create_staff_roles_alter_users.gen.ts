// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"createTable","table":"staff_roles","columns":{"name":{"type":"text","notNull":true,"default":""},"description":{"type":"text","notNull":true,"default":""},"grants":{"type":"text","notNull":true,"default":"{\"entities\":{}}"},"version":{"type":"integer","notNull":true,"default":1}}},
    {"op":"addColumn","table":"users","column":"staffRoleId","spec":{"type":"integer","notNull":true,"default":0,"index":"users_staffRoleId_idx"}},
    {"op":"createIndex","table":"users","column":"staffRoleId","name":"users_staffRoleId_idx"},
    {"op":"addColumn","table":"users","column":"teacherId","spec":{"type":"integer","notNull":true,"default":0,"index":"users_teacherId_idx"}},
    {"op":"createIndex","table":"users","column":"teacherId","name":"users_teacherId_idx"},
    {"op":"createUnique","table":"staff_roles","columns":["name"],"name":"staff_roles_name_unique"},
  ],
};
