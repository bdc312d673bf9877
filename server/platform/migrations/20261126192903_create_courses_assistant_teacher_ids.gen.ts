// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"createTable","table":"courses_assistant_teacher_ids","columns":{"ownerId":{"type":"integer","notNull":true,"default":0,"index":"courses_assistant_teacher_ids_ownerId_idx"},"targetId":{"type":"integer","notNull":true,"default":0,"index":"courses_assistant_teacher_ids_targetId_idx"}}},
    {"op":"createUnique","table":"courses_assistant_teacher_ids","columns":["ownerId","targetId"],"name":"courses_assistant_teacher_ids_pair_unique"},
  ],
};
