// The contract says what the server checks: every length limit and every null openapi.yaml
// promises for a body is the one the validators apply, for each registry entity's fields (the
// admin forms, the CSV import and the API run the same validators) and for the bodies written
// from the forms' rules (schema/rules/forms, via codegen/formContracts.ts).
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formBodies } from '../../codegen/formContracts';
import { firstIssueMessage, validatorOf } from '../../schema/define';
import { ChildSchema, childTexts } from '../../schema/rules/forms/childRules';
import { registry } from '../../schema/registry.gen';
import { nameMaxLength } from '../../schema/validators';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const doc: unknown = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));
const schemas: Node = isNode(doc) && isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas : {};

/** A component's properties, through its allOf and $refs. */
function propertiesOf(name: string): Record<string, Node> {
  const out: Record<string, Node> = {};
  const visit = (node: unknown): void => {
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string') visit(schemas[node.$ref.split('/').pop() ?? '']);
    if (Array.isArray(node.allOf)) node.allOf.forEach(visit);
    if (isNode(node.properties)) for (const [key, value] of Object.entries(node.properties)) if (isNode(value)) out[key] = value;
  };
  visit(schemas[name]);
  return out;
}

/** Where the contract's promise and the validator part: none when they agree. */
function disagreements(where: string, property: Node, schema: v.GenericSchema): string[] {
  const accepts = (value: unknown) => v.safeParse(schema, value).success;
  const out: string[] = [];
  const nullable = Array.isArray(property.type) && property.type.includes('null');
  if (accepts(null) !== nullable) out.push(`${where}: the contract ${nullable ? 'allows' : 'refuses'} null, the validator ${accepts(null) ? 'takes' : 'refuses'} it`);
  if (property.type === 'string' && typeof property.maxLength === 'number') {
    if (accepts('ب'.repeat(property.maxLength + 1))) out.push(`${where}: the validator takes more than the contract's ${property.maxLength} characters`);
    // Free text (what a short word passes) must pass at the limit too; a code or a date need not.
    const freeText = accepts('ب'.repeat(Math.max(Number(property.minLength ?? 0), 1)));
    if (freeText && !accepts('ب'.repeat(property.maxLength))) out.push(`${where}: the validator refuses the contract's ${property.maxLength} characters`);
  }
  if (property.type === 'string' && property.minLength === 1 && accepts('')) out.push(`${where}: the contract requires a value, the validator takes ''`);
  return out;
}

describe('the contract and the validators', () => {
  it('agree on every field of every registry entity', () => {
    const found = Object.values(registry).flatMap((entity) => {
      const properties = propertiesOf(`${entity.component}Fields`);
      return Object.entries(properties).flatMap(([name, property]) => {
        const field = entity.decl.fields[name];
        return field ? disagreements(`${entity.component}.${name}`, property, validatorOf(field)) : [];
      });
    });
    expect(found).toEqual([]);
  });

  it('agree on every body written from the forms’ rules', () => {
    const found = Object.entries(formBodies).flatMap(([name, { schema }]) => {
      const properties = propertiesOf(name);
      expect(Object.keys(properties).sort(), name).toEqual(Object.keys(schema.entries).sort());
      return Object.entries(schema.entries).flatMap(([key, entry]) => disagreements(`${name}.${key}`, properties[key] ?? {}, entry));
    });
    expect(found).toEqual([]);
  });

  it('say a child’s birth date and grade are required, as the server does', () => {
    const child = propertiesOf('ChildFields');
    expect(child.birthDate?.type).toBe('string');
    expect(child.grade).toMatchObject({ type: 'string', minLength: 1, maxLength: 50 });
    const required = isNode(schemas.ChildFields) ? schemas.ChildFields.required : undefined;
    expect(required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'birthDate', 'grade']));
    // The form sends '' while the date is incomplete; a client may send null: both are told the same.
    for (const birthDate of ['', null]) {
      const parsed = v.safeParse(ChildSchema, { firstName: 'سارا', lastName: 'کریمی', grade: 'سوم', birthDate });
      expect(parsed.success ? '' : firstIssueMessage(parsed.issues)).toBe(childTexts.birthDateMissing);
    }
  });

  it('hold every person’s name to the one name rule', () => {
    const names: Array<[string, string]> = [['Teacher', 'fullName'], ['User', 'firstName'], ['User', 'lastName'], ['ChildRecord', 'firstName'], ['ChildRecord', 'lastName'], ['ContactMessage', 'fullName']];
    for (const [component, name] of names) expect(propertiesOf(component)[name]?.maxLength, `${component}.${name}`).toBe(nameMaxLength);
    const teacherName = registry.teachers.decl.fields.fullName;
    if (!teacherName) throw new Error('teachers.fullName');
    expect(v.safeParse(validatorOf(teacherName), 'ب'.repeat(nameMaxLength + 1)).success).toBe(false);
    for (const form of ['ChildFields', 'ProfileUpdateBody']) expect(propertiesOf(form).firstName?.maxLength).toBe(nameMaxLength);
  });
});
