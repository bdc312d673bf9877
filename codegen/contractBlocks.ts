// The entities' blocks of openapi.yaml: their components and calls, written between markers, so
// the contract's limits are the schemas'.
import { parse, stringify } from 'yaml';
import { defaultMaxReferences, isWriteOnly, maxLengthOf, nullableColumn, numberLimits, patterns, savePreviewOp, splitOperation, type AnyEntity, type FieldDecl, type OperationKey } from '../schema/define';
import { SchemaError, type Json } from './entities';
import { formContractSchemas } from './formContracts';

// ── contract ─────────────────────────────────────────────────────────────────────────────────

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

export function optionType(values: readonly unknown[]): string {
  if (values.every((x) => typeof x === 'boolean')) return 'boolean';
  if (values.every((x) => typeof x === 'number' && Number.isInteger(x))) return 'integer';
  if (values.every((x) => typeof x === 'number')) return 'number';
  return 'string';
}

function propertySchema(field: FieldDecl, entities: readonly AnyEntity[]): Json {
  switch (field.input) {
    case 'text':
    case 'textarea':
    case 'richText': {
      const out: { [key: string]: Json } = { type: 'string' };
      if (field.required && !field.readOnly) out.minLength = 1;
      out.maxLength = maxLengthOf(field) ?? null;
      if (field.input === 'richText') out.description = 'HTML, sanitised by the server';
      return out;
    }
    case 'email':
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.email, description: 'stored in lower case' };
    case 'tel':
      if (field.mobile) {
        return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.mobile, description: 'Iranian mobile; Persian or Arabic digits and +98 are accepted and stored as 09xxxxxxxxx' };
      }
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, pattern: patterns.tel, description: 'Persian or Arabic digits are accepted and stored as Latin ones' };
    case 'imageLink':
    case 'videoLink':
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, description: 'a URL or path is accepted and stored as the bare file name' };
    case 'grants':
      return { type: 'string', maxLength: maxLengthOf(field) ?? null, description: 'a staff role\'s permissions as JSON: {entities: {<entity>: {verbs, actions, hidden, readOnly, own}}}' };
    case 'password':
      return {
        type: 'string',
        maxLength: maxLengthOf(field) ?? null,
        format: 'password',
        writeOnly: true,
        description: field.required ? 'at least 8 characters' : 'empty, or at least 8 characters',
      };
    case 'number': {
      const { min, max } = numberLimits(field);
      const type = field.integer ? 'integer' : 'number';
      // A column that may hold null (an unpaid order's invoice number) answers null, not 0.
      return { type: nullableColumn(field) ? [type, 'null'] : type, minimum: min, maximum: max };
    }
    case 'reference': {
      const target = entities.find((e) => e.key === field.reference.entity);
      return { type: 'integer', minimum: 0, description: `id of a ${target?.component ?? field.reference.entity}; 0 when none`, 'x-reference': field.reference.entity };
    }
    case 'references': {
      const target = entities.find((e) => e.key === field.references.entity);
      return {
        type: 'array',
        items: { type: 'integer', minimum: 1 },
        maxItems: field.max ?? defaultMaxReferences,
        description: `ids of ${target?.component ?? field.references.entity} records, each once`,
        'x-references': field.references.entity,
      };
    }
    case 'checkbox':
      return { type: 'boolean' };
    case 'jalaliDate':
      return field.auto === 'created' ? { type: 'string', format: 'date-time' } : { type: ['string', 'null'], format: 'date-time' };
    case 'select': {
      const values = field.options.map(([value]) => value);
      const type = optionType(values);
      return type === 'boolean' ? { type } : { type, enum: values };
    }
  }
}

/** A property of a public answer: what the value is, not what a form may send. */
function answerSchema(field: FieldDecl): Json {
  const description: { [key: string]: Json } = field.hint ? { description: field.hint } : {};
  switch (field.input) {
    case 'number':
      return { type: field.integer ? 'integer' : 'number', ...description };
    case 'reference':
      return { type: 'string', description: `the referred record's ${field.reference.label}; '' when none` };
    case 'references':
      return { type: 'array', items: { type: 'string' }, description: `the chosen records' ${field.references.label}, in the order chosen` };
    case 'checkbox':
      return { type: 'boolean', ...description };
    case 'jalaliDate':
      return nullableColumn(field) ? { type: ['string', 'null'], format: 'date-time' } : { type: 'string', format: 'date-time' };
    case 'select': {
      const values = field.options.map(([value]) => value);
      const type = optionType(values);
      return type === 'boolean' ? { type, ...description } : { type, enum: values, ...description };
    }
    case 'richText':
      return { type: 'string', description: 'sanitised HTML' };
    default:
      return { type: 'string', ...description };
  }
}

/** What a relation field refers to and the field that names those records. */
export function relatedOf(field: FieldDecl): { entity: string; label: string } | undefined {
  if (field.input === 'reference') return field.reference;
  if (field.input === 'references') return field.references;
  return undefined;
}

function publicViewSchema(entities: readonly AnyEntity[], entity: AnyEntity, fields: readonly string[]): Json {
  const properties: Record<string, Json> = { id: { type: 'integer' } };
  if (entity.slugFrom) properties.slug = { type: 'string' };
  for (const name of fields) {
    const field = entity.decl.fields[name];
    if (!field || isWriteOnly(field)) throw new SchemaError(`schema/${entity.key}.ts: the public view names ${name}, which is not a field it may show`);
    const related = relatedOf(field);
    if (related) {
      // A relation is shown by the other record's label field, which that record's own public view
      // must show: a public page never names what the public may not see.
      const target = entities.find((e) => e.key === related.entity);
      if (!target?.decl.publicView?.fields.includes(related.label)) {
        throw new SchemaError(
          `schema/${entity.key}.ts: the public view names ${name}, shown by ${related.entity}' ${related.label}, which ${related.entity}' own public view does not show`,
        );
      }
    }
    properties[name] = answerSchema(field);
  }
  return { type: 'object', description: `what the public site sees of one ${entity.key} record (schema/${entity.key}.ts publicView)`, required: Object.keys(properties), properties };
}

export function contractBlocks(entities: readonly AnyEntity[]): { schemas: Record<string, Json>; paths: Record<string, Json> } {
  const schemas: Record<string, Json> = {};
  const paths: Record<string, Json> = {};
  for (const entity of entities) {
    const name = entity.component;
    const createOnly = (f: FieldDecl) => f.createOnly === true || isWriteOnly(f);
    const writable = Object.entries(entity.decl.fields).filter(([, f]) => !f.readOnly && !createOnly(f));
    // Create-only fields are the row's read-only properties afterwards (a write-only one never is).
    const readOnly = Object.entries(entity.decl.fields).filter(([, f]) => f.readOnly || (createOnly(f) && !isWriteOnly(f)));
    const onCreate = Object.entries(entity.decl.fields).filter(([, f]) => !f.readOnly && createOnly(f));
    const props = (list: Array<[string, FieldDecl]>) => Object.fromEntries(list.map(([n, f]) => [n, propertySchema(f, entities)]));
    const system: Record<string, Json> = { id: { type: 'integer' }, version: { type: 'integer', minimum: 1, description: 'bumped by every update' } };
    if (entity.slugFrom) system.slug = { type: 'string' };
    // A create-only field's rule holds for what is created; rows made otherwise (an import, an
    // older account) may not meet it, and the row schema describes every row.
    const rowProps = Object.fromEntries(
      readOnly.map(([n, f]) => [n, propertySchema(createOnly(f) ? { ...f, readOnly: true } : f, entities)]),
    );
    // A sensitive field is left out of the rows a staff role that hides it receives, and out of
    // what such a role sends (server/engine/staffView.ts): the contract does not require it.
    const sensitive: readonly string[] = entity.decl.sensitive ?? [];
    const always = ([n, f]: readonly [string, FieldDecl]) => !sensitive.includes(n) && !f.optionalInBody;
    const own = { type: 'object', required: [...Object.keys(system), ...readOnly.filter(always).map(([n]) => n)], properties: { ...system, ...rowProps } };
    if (writable.length > 0) {
      // A many-to-many field may be left out of a body (see bodySchema); every row answers it.
      schemas[`${name}Fields`] = { type: 'object', required: writable.filter(([, f]) => f.input !== 'references').filter(always).map(([n]) => n), properties: props(writable) };
      schemas[name] = { allOf: [ref(`${name}Fields`), own] };
      const idKey = entity.ops.updateIdKey ?? 'id';
      if (entity.ops.update) {
        schemas[`${name}Update`] = {
          allOf: [
            ref(`${name}Fields`),
            {
              type: 'object',
              required: [idKey],
              properties: {
                [idKey]: { type: 'integer', minimum: 1 },
                version: { type: 'integer', minimum: 0, description: 'the version the edit started from; a stale one answers 409' },
              },
            },
          ],
        };
      }
    } else {
      schemas[name] = own;
    }
    if (entity.decl.publicView) schemas[entity.decl.publicView.component] = publicViewSchema(entities, entity, entity.decl.publicView.fields);
    const itemsAt = entity.ops.listItemsAt;
    if (itemsAt) schemas[`${name}Page`] = { type: 'object', required: [itemsAt], properties: { [itemsAt]: { type: 'array', items: ref(name) } } };
    // The list protocol's page names its rows, so a paged answer is checked as strictly as the whole list.
    schemas[`${name}ListPage`] = { allOf: [ref('ListPage'), { type: 'object', properties: { items: { type: 'array', items: ref(name) } } }] };

    const json = (schema: Json) => ({ 'application/json': { schema } });
    const common = { '401': response('Unauthorized'), '403': response('Forbidden') };
    const operation = (verb: string, description: string, body: Json | null, answer: Json, extra: Record<string, Json>, parameters: Json[] = []) => ({
      operationId: `${verb}${name}`,
      'x-access': 'admin',
      ...(parameters.length ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
      responses: { '200': { description, content: json(answer) }, ...(body ? { '400': response('BadRequest') } : {}), ...common, ...extra },
    });
    const at = (op: OperationKey) => splitOperation(op).path;
    paths[at(entity.ops.list)] = {
      // Without parameters the whole list, as the spec's calls expect; any list parameter asks
      // for one page (server/engine/listQuery.ts).
      get: operation(
        'list',
        `Every ${name}, or one page of them`,
        null,
        { oneOf: [itemsAt ? ref(`${name}Page`) : { type: 'array', items: ref(name) }, ref(`${name}ListPage`)] },
        { '400': response('BadRequest') },
        listParameters.map((p) => ({ $ref: `#/components/parameters/${p}` })),
      ),
    };
    if (entity.ops.create && onCreate.length > 0) {
      schemas[`${name}Create`] = {
        allOf: [...(writable.length > 0 ? [ref(`${name}Fields`)] : []), { type: 'object', required: onCreate.map(([n]) => n), properties: props(onCreate) }],
      };
    }
    if (entity.ops.create) {
      const body = onCreate.length > 0 ? ref(`${name}Create`) : ref(`${name}Fields`);
      paths[at(entity.ops.create)] = { post: operation('create', `The created ${name}`, body, ref(name), { '409': response('Conflict') }) };
    }
    if (entity.ops.update) {
      paths[at(entity.ops.update)] = {
        put: operation('update', `The updated ${name}`, ref(`${name}Update`), ref(name), {
          '404': response('NotFound'),
          // A stale `version` answers what changed and by whom; other conflicts only a message.
          '409': { description: 'A stale version, or a value another record holds', content: json({ anyOf: [ref('VersionConflict'), ref('ErrorBody')] }) },
        }),
      };
    }
    if (entity.ops.remove) {
      paths[at(entity.ops.remove)] = {
        delete: operation('delete', 'Deleted', ref('IdBody'), ref('Deleted'), { '404': response('NotFound'), '409': response('Conflict') }),
      };
    }
    // A save preview takes what the create or the update would (an id: the update's) and answers
    // one line per change the save would make besides the record.
    const previewOp = savePreviewOp(entity);
    if (previewOp !== null) {
      const bodies = [ref(onCreate.length > 0 ? `${name}Create` : `${name}Fields`), ...(entity.ops.update ? [ref(`${name}Update`)] : [])];
      schemas.SavePreview = { type: 'object', required: ['lines'], properties: { lines: { type: 'array', items: { type: 'string' } } } };
      paths[at(previewOp)] = {
        post: operation('previewSave', `What saving this ${name} would change besides it`, { anyOf: bodies }, ref('SavePreview'), { '404': response('NotFound') }),
      };
    }
    // Bulk edit: one declared field, one value its own schema allows, and the rows as bulk
    // delete takes them (BulkDeleteBody); the answer reports the rows a rule kept as they were.
    if (entity.ops.bulkEdit) {
      const declared = entity.bulkEdit.flatMap((n) => {
        const field = entity.decl.fields[n];
        return field ? [{ type: 'object', required: ['field', 'value'], properties: { field: { const: n }, value: propertySchema(field, entities) } }] : [];
      });
      schemas.BulkEditResult = {
        type: 'object',
        required: ['updated', 'unchanged', 'skipped'],
        properties: {
          updated: { type: 'integer' },
          unchanged: { type: 'integer', description: 'rows that already held the value' },
          skipped: { type: 'array', items: { type: 'object', required: ['id', 'label', 'reason'], properties: { id: { type: 'integer' }, label: { type: 'string' }, reason: { type: 'string' } } } },
        },
      };
      schemas[`${name}BulkEditBody`] = {
        description: `The rows (ids, or a list query and the count confirmed) and the field of ${entity.key} to set: one of ${entity.bulkEdit.join(', ')}`,
        allOf: [{ oneOf: declared }, { type: 'object', properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } }, query: { type: 'string', maxLength: 4000 }, expected: { type: 'integer', minimum: 0 } } }],
      };
      paths[at(entity.ops.bulkEdit)] = {
        post: operation('bulkEdit', `What was set, and the rows a rule kept as they were`, ref(`${name}BulkEditBody`), ref('BulkEditResult'), { '409': response('Conflict') }),
      };
    }
    // Every action answers the changed record and, when the action has something to hand over
    // once (a reset link), a notice for the admin.
    if (entity.actions.length > 0) {
      schemas[`${name}ActionResult`] = {
        type: 'object',
        required: ['record'],
        properties: {
          record: ref(name),
          notice: { type: 'string', description: 'shown to the admin once, e.g. a one-time link' },
          opens: { type: 'integer', description: 'the id of a record of the same entity the action made, which the admin is taken to' },
        },
      };
    }
    for (const action of entity.actions) {
      const inputs = Object.entries(entity.decl.actions?.[action.key]?.fields ?? {});
      const call = splitOperation(action.op).path.split('/').pop() ?? action.key;
      let body = ref('RecordAction');
      if (inputs.length > 0) {
        schemas[`${name}${call}Body`] = {
          allOf: [ref('RecordAction'), { type: 'object', required: inputs.map(([n]) => n), properties: props(inputs) }],
        };
        body = ref(`${name}${call}Body`);
      }
      const post = operation(action.key, `The ${name} after ${action.key}`, body, ref(`${name}ActionResult`), {
        '404': response('NotFound'),
        // A stale version, or the record is not one the action applies to (or a guard refuses).
        '409': { description: 'A stale version, or the action does not apply', content: json({ anyOf: [ref('VersionConflict'), ref('ErrorBody')] }) },
        // An action that asks an outside service (a refund through the payment gateway) and was
        // refused or not answered: nothing was changed.
        '502': { description: 'An outside service the action needs refused or did not answer; nothing changed', content: json(ref('ErrorBody')) },
      });
      paths[at(action.op)] = { post: { ...post, description: action.label } };
    }
  }
  return { schemas, paths };
}

/** The list protocol's query parameters, written once by hand in openapi.yaml's components. */
const listParameters = ['ListPageNumber', 'ListPageSize', 'ListSort', 'ListSearch', 'ListIds', 'ListFilters'];

const markers = {
  forms: ['    # ── form bodies: generated from schema/rules/forms by `npm run codegen`, do not edit ──', '    # ── end of generated form bodies ──'],
  schemas: ['    # ── entity schemas: generated from schema/*.ts by `npm run codegen`, do not edit ──', '    # ── end of generated entity schemas ──'],
  paths: ['  # ── entity calls: generated from schema/*.ts by `npm run codegen`, do not edit ──', '  # ── end of generated entity calls ──'],
} as const;

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? pad + line : line))
    .join('\n');
}

function splice(source: string, [begin, end]: readonly [string, string], body: string): string {
  const start = source.indexOf(begin);
  const stop = source.indexOf(end);
  if (start < 0 || stop < start) throw new SchemaError(`openapi.yaml lacks the markers:\n${begin}\n${end}`);
  return `${source.slice(0, start + begin.length)}\n${body}\n${source.slice(stop)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** openapi.yaml with its generated regions rewritten from the entities. */
export function contractWithEntities(source: string, entities: readonly AnyEntity[]): string {
  const { schemas, paths } = contractBlocks(entities);
  const text = (value: Record<string, Json>) => (Object.keys(value).length ? stringify(value, { lineWidth: 0, aliasDuplicateObjects: false }) : '');
  const forms = formContractSchemas();
  let out = splice(source, markers.schemas, indent(text(schemas), 4));
  out = splice(out, markers.paths, indent(text(paths), 2));
  out = splice(out, markers.forms, indent(text(forms), 4));
  // The hand-written part of the contract may not define what an entity or a form generates.
  const handWritten = parse(splice(splice(splice(source, markers.schemas, ''), markers.paths, ''), markers.forms, ''));
  const handPaths = typeof handWritten === 'object' && handWritten !== null && 'paths' in handWritten ? Object.keys(handWritten.paths ?? {}) : [];
  for (const path of Object.keys(paths)) {
    if (handPaths.includes(path)) throw new SchemaError(`${path} is both generated from a schema file and written by hand in openapi.yaml`);
  }
  const handComponents = isRecord(handWritten) && isRecord(handWritten.components) && isRecord(handWritten.components.schemas) ? Object.keys(handWritten.components.schemas) : [];
  for (const name of Object.keys(forms)) {
    if (handComponents.includes(name) || name in schemas) throw new SchemaError(`the component ${name} is generated from schema/rules/forms and also written elsewhere in openapi.yaml`);
  }
  for (const name of Object.keys(schemas)) {
    if (handComponents.includes(name)) {
      throw new SchemaError(`the component ${name} is both generated from a schema file and written by hand in openapi.yaml: give the schema another \`name\``);
    }
  }
  return out;
}

