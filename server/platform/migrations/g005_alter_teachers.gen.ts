// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"addColumn","table":"teachers","column":"slug","spec":{"type":"text","notNull":true,"default":"","unique":true},"fillSlugFrom":"fullName"},
  ],
};
