// The save previews (schema/define/preview.ts): for an entity declaring `savePreview`, one POST
// taking the form's values as its create or update would (an `id`: the update's), checked by the
// same validators, answered with what the save would change besides the record — the feature's
// `previewSave` lines — so the form can ask before a save that takes something away.
import type { FastifyRequest } from 'fastify';
import { bodySchema, savePreviewOp, splitOperation, type AnyEntity } from '../../schema/define';
import { registry } from '../../schema/registry.gen';
import type { DB } from '../platform/db';
import { notFound, texts } from '../platform/errors';
import { parse, type Register } from '../platform/http';
import { savePreviewOf, type SavePreview } from './behaviours';
import { toColumns } from './crud';
import { selectForUpdate } from './integrity';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function pluggedPreview(entity: AnyEntity): SavePreview {
  const preview = savePreviewOf(entity);
  if (!preview) throw new Error(`schema/${entity.key}.ts declares a save preview, but no feature plugs one in`);
  return preview;
}

export function registerSavePreviews(register: Register, db: DB): void {
  for (const entity of Object.values(registry)) {
    const op = savePreviewOp(entity);
    if (op === null) continue;
    const preview = pluggedPreview(entity);
    const labels = Object.fromEntries(Object.entries(entity.createFields).map(([name, f]) => [name, f.label]));
    const { method, path } = splitOperation(op);
    register(`${method} ${path}`, 'admin', previewSave, { need: (request) => ({ entity: entity.key, can: isRecord(request.body) && request.body.id !== undefined ? 'update' : 'create' }) });

    async function previewSave(request: FastifyRequest) {
      const editing = isRecord(request.body) && request.body.id !== undefined;
      const parsed = parse(bodySchema(entity, editing ? 'update' : 'create'), request.body, { ...labels, id: 'شناسه' });
      const after = toColumns(entity, parsed, editing ? entity.fields : entity.createFields);
      return db.transaction().execute(async (trx) => {
        const before = editing ? await selectForUpdate(trx, entity.table, Number(parsed.id)) : null;
        if (editing && !before) throw notFound(texts.recordNotFound);
        return { lines: await preview(trx, before ?? null, after) };
      });
    }
  }
}
