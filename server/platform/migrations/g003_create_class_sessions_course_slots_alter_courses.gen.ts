// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"createTable","table":"class_sessions","columns":{"courseId":{"type":"integer","notNull":true,"default":0,"index":"class_sessions_courseId_idx"},"date":{"type":"text","notNull":false},"startTime":{"type":"text","notNull":true,"default":"07:00"},"endTime":{"type":"text","notNull":true,"default":"07:00"},"status":{"type":"text","notNull":true,"default":"scheduled"},"movedFrom":{"type":"text","notNull":false},"room":{"type":"text","notNull":true,"default":""},"note":{"type":"text","notNull":true,"default":""},"version":{"type":"integer","notNull":true,"default":1}}},
    {"op":"createTable","table":"course_slots","columns":{"courseId":{"type":"integer","notNull":true,"default":0,"index":"course_slots_courseId_idx"},"weekday":{"type":"integer","notNull":true,"default":0},"startTime":{"type":"text","notNull":true,"default":"07:00"},"endTime":{"type":"text","notNull":true,"default":"07:00"},"version":{"type":"integer","notNull":true,"default":1}}},
    {"op":"addColumn","table":"courses","column":"lastSessionDate","spec":{"type":"text","notNull":false}},
    {"op":"addColumn","table":"courses","column":"ageMin","spec":{"type":"integer","notNull":true,"default":0}},
    {"op":"addColumn","table":"courses","column":"ageMax","spec":{"type":"integer","notNull":true,"default":0}},
    {"op":"addColumn","table":"courses","column":"capacity","spec":{"type":"integer","notNull":true,"default":0}},
    {"op":"addColumn","table":"courses","column":"address","spec":{"type":"text","notNull":true,"default":""}},
    {"op":"addColumn","table":"courses","column":"room","spec":{"type":"text","notNull":true,"default":""}},
    {"op":"addColumn","table":"courses","column":"classLink","spec":{"type":"text","notNull":true,"default":""}},
  ],
};
