// The contract's bodies of the forms whose rules live in schema/rules/forms (sign-up, contact, a
// child, a profile):
// written into openapi.yaml from the same valibot declarations the form and the server check, so
// a length, a required value or a null the contract promises is the one the server applies.
import type * as v from 'valibot';
import { ChildSchema } from '../schema/rules/forms/childRules';
import { ContactBodySchema } from '../schema/rules/forms/contactRules';
import { ProfileSchema } from '../schema/rules/forms/profileRules';
import { SignUpBodySchema } from '../schema/rules/forms/signUpRules';
import { SchemaError, type Json } from './entities';

type ObjectDecl = v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** Each generated component, by name, and the declaration it is read from. */
export const formBodies: Readonly<Record<string, { schema: ObjectDecl; description: string }>> = {
  SignUpBody: { schema: SignUpBodySchema, description: 'A new account, with the code its mobile received (schema/rules/forms/signUpRules.ts)' },
  ContactBody: { schema: ContactBodySchema, description: 'A message through the contact form (schema/rules/forms/contactRules.ts)' },
  ChildFields: { schema: ChildSchema, description: 'A child as the parent enters it (schema/rules/forms/childRules.ts)' },
  ProfileUpdateBody: { schema: ProfileSchema, description: "The signed-in person's own profile (schema/rules/forms/profileRules.ts)" },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// Transformations that do not change what a value must look like when sent: the checks after them
// still describe the input (a name's length is measured after trimming, an email's after folding).
const transparent = new Set(['trim', 'to_lower_case']);

const baseTypes: Readonly<Record<string, string>> = { string: 'string', number: 'number', boolean: 'boolean' };

/** One property: its JSON schema, and whether the object may leave it out. */
export function propertyOf(schema: unknown, where: string): { json: Record<string, Json>; optional: boolean } {
  let node = schema;
  let actions: unknown[] = [];
  let optional = false;
  let nullable = false;
  for (;;) {
    if (!isRecord(node)) throw new SchemaError(`${where}: not a valibot schema`);
    const { pipe, type, wrapped } = node;
    if (Array.isArray(pipe)) {
      actions = [...pipe.slice(1), ...actions];
      node = pipe[0];
    } else if (type === 'optional' || type === 'nullish') {
      optional = true;
      nullable ||= type === 'nullish';
      node = wrapped;
    } else if (type === 'nullable') {
      nullable = true;
      node = wrapped;
    } else break;
  }
  const json: Record<string, Json> = {};
  if (node.type === 'picklist' && Array.isArray(node.options)) {
    const options: Json[] = node.options.filter((o): o is string | number => typeof o === 'string' || typeof o === 'number');
    json.type = typeof options[0] === 'number' ? 'number' : 'string';
    json.enum = options;
  } else {
    const base = typeof node.type === 'string' ? baseTypes[node.type] : undefined;
    if (!base) throw new SchemaError(`${where}: a ${String(node.type)} has no contract form here`);
    json.type = base;
  }
  let transformed = false;
  for (const action of actions) {
    if (!isRecord(action)) continue;
    const { kind, type, requirement } = action;
    if (kind === 'metadata' && type === 'description' && typeof action.description === 'string') json.description = action.description;
    if (transformed) continue;
    if (kind === 'transformation' && !(typeof type === 'string' && transparent.has(type))) transformed = true;
    if (kind !== 'validation') continue;
    const at = typeof requirement === 'number' ? requirement : undefined;
    if (type === 'non_empty') json.minLength = Math.max(Number(json.minLength ?? 0), 1);
    if (type === 'min_length' && at !== undefined) json.minLength = Math.max(Number(json.minLength ?? 0), at);
    if (type === 'max_length' && at !== undefined) json.maxLength = Math.min(Number(json.maxLength ?? Infinity), at);
    if (type === 'min_value' && at !== undefined) json.minimum = at;
    if (type === 'max_value' && at !== undefined) json.maximum = at;
    if (type === 'integer') json.type = 'integer';
    if (type === 'iso_timestamp') json.format = 'date-time';
    if (type === 'regex' && requirement instanceof RegExp) json.pattern = requirement.source;
  }
  if (nullable) json.type = [json.type ?? 'string', 'null'];
  return { json, optional };
}

/** The contract's components of the form bodies. */
export function formContractSchemas(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [name, { schema, description }] of Object.entries(formBodies)) {
    const properties: Record<string, Json> = {};
    const required: Json[] = [];
    for (const [key, entry] of Object.entries(schema.entries)) {
      const { json, optional } = propertyOf(entry, `${name}.${key}`);
      properties[key] = json;
      if (!optional) required.push(key);
    }
    out[name] = { description, type: 'object', required, properties };
  }
  return out;
}
