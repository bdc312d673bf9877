// GENERATED FILE, DO NOT EDIT. Source: schema/*.ts. Regenerate with `npm run codegen`.
import type { GeneratedMigration } from '../../../codegen/migration-steps';

export const generated: GeneratedMigration = {
  steps: [
    {"op":"createTable","table":"coupons","columns":{"code":{"type":"text","notNull":true,"default":""},"kind":{"type":"text","notNull":true,"default":"percent"},"percent":{"type":"integer","notNull":true,"default":0},"amountInTomans":{"type":"bigint","notNull":true,"default":0},"categoryId":{"type":"integer","notNull":true,"default":0,"index":"coupons_categoryId_idx"},"courseId":{"type":"integer","notNull":true,"default":0,"index":"coupons_courseId_idx"},"validFrom":{"type":"text","notNull":false},"validUntil":{"type":"text","notNull":false},"maxUses":{"type":"bigint","notNull":true,"default":0},"maxUsesPerLearner":{"type":"bigint","notNull":true,"default":0},"inActive":{"type":"integer","notNull":true,"default":0},"version":{"type":"integer","notNull":true,"default":1}}},
    {"op":"addColumn","table":"courses","column":"earlyBirdPriceInTomans","spec":{"type":"bigint","notNull":true,"default":0}},
    {"op":"addColumn","table":"courses","column":"earlyBirdUntil","spec":{"type":"text","notNull":false}},
    {"op":"createTable","table":"sibling_discounts","columns":{"fromChild":{"type":"integer","notNull":true,"default":2},"percent":{"type":"integer","notNull":true,"default":10},"inActive":{"type":"integer","notNull":true,"default":0},"version":{"type":"integer","notNull":true,"default":1}}},
  ],
};
