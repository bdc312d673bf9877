// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"addColumn","table":"articles","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
    {"op":"addColumn","table":"categories","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
    {"op":"createIndex","table":"courses","column":"techerId","name":"courses_techerId_idx"},
    {"op":"dropIndex","table":"courses","name":"courses_category"},
    {"op":"createIndex","table":"courses","column":"categoryId","name":"courses_categoryId_idx"},
    {"op":"addColumn","table":"courses","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
    {"op":"addColumn","table":"contact_messages","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
    {"op":"addColumn","table":"teachers","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
    {"op":"addColumn","table":"users","column":"version","spec":{"type":"integer","notNull":true,"default":1}},
  ],
};
