// The double's save previews (schema/define/preview.ts), made for every entity that declares
// `savePreview`, answering as server/engine/savePreview.ts does: the body is the form's create or
// update (an `id`: the update's), checked by the same body schema (400 { message }), an update of a
// record the store no longer holds is 404, and nothing is written; the answer is `{ lines }`, the
// contract's SavePreview. What the lines say is the feature's (a holiday's cancelled sessions, read
// from the database), which the double cannot work out: a test states them, none by default.
import { HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { bodySchema, firstIssueMessage, savePreviewOp, type AnyEntity, type AnyRow, type OperationKey } from '../../schema/define';

export interface PreviewStore {
  /** The double's counted, failable handler of one operation. */
  handle(op: OperationKey, answer: (request: Request) => Promise<Response>): HttpHandler;
  /** The entity's rows as the double holds them now. */
  rows(): readonly AnyRow[];
  /** The lines the entity's feature would answer for this save. */
  lines(): readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The preview call's handler, or none when the entity declares no preview. */
export function savePreviewHandler(entity: AnyEntity, store: PreviewStore): HttpHandler | null {
  const op = savePreviewOp(entity);
  if (op === null) return null;
  return store.handle(op, async (request) => {
    const body: unknown = await request.json().catch(() => undefined);
    const editing = isRecord(body) && body.id !== undefined;
    const parsed = v.safeParse(bodySchema(entity, editing ? 'update' : 'create'), body);
    if (!parsed.success) return HttpResponse.json({ message: firstIssueMessage(parsed.issues) }, { status: 400 });
    if (editing && !store.rows().some((row) => row.id === parsed.output.id)) {
      return HttpResponse.json({ message: 'رکورد یافت نشد' }, { status: 404 });
    }
    return HttpResponse.json({ lines: [...store.lines()] });
  });
}
