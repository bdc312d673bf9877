// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"addColumn","table":"contact_messages","column":"status","spec":{"type":"text","notNull":true,"default":"new"}},
    {"op":"addColumn","table":"contact_messages","column":"note","spec":{"type":"text","notNull":true,"default":""}},
  ],
};
