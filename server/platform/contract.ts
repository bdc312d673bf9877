// openapi.yaml read at start: each operation's access level, and the component schemas that
// decide which properties of a database row may leave the server and with which types.
// Parsing the YAML (and loading the YAML library) took ~0.3–0.5 s of every start, so
// `npm run codegen` also writes the parsed document as codegen/openapi.gen.json, stamped with
// the SHA-256 of the openapi.yaml it came from. The server uses it only when that stamp matches
// the openapi.yaml beside it, so an edited contract is never served stale: without a fresh
// codegen it is parsed from the YAML as before.
import { contractDigest, type ParsedContract } from '../../codegen/parsedContract';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Access = 'public' | 'learner' | 'admin';
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Shaper = (value: unknown) => unknown;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ContractOperation {
  method: string;
  path: string;
  access: Access;
}

const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

/**
 * The folder holding openapi.yaml: the nearest one above this module (server/ for the sources;
 * the bundle's code sits in dist-server/ or a chunk folder below it).
 */
function projectRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here, up = 0; up < 4; dir = path.dirname(dir), up++) {
    if (existsSync(path.join(dir, 'openapi.yaml'))) return dir;
  }
  return path.dirname(here);
}

/** The YAML library, loaded only when openapi.yaml has to be parsed at start. */
function parseYaml(source: string): unknown {
  const yaml: typeof import('yaml') = createRequire(import.meta.url)('yaml');
  return yaml.parse(source);
}

const isParsedContract = (value: unknown): value is ParsedContract =>
  isObject(value) && typeof value.sourceSha256 === 'string' && isObject(value.document);

export class Contract {
  readonly operations = new Map<string, ContractOperation>();
  private readonly doc: JsonObject;

  /** From openapi.yaml's text, or from the document it parses into. */
  constructor(source: string | object) {
    const doc: unknown = typeof source === 'string' ? parseYaml(source) : source;
    if (!isObject(doc) || !isObject(doc.paths)) throw new Error('openapi.yaml has no paths');
    this.doc = doc;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!isObject(item)) continue;
      for (const method of methods) {
        const op = item[method];
        if (!isObject(op)) continue;
        const access = op['x-access'];
        if (access !== 'public' && access !== 'learner' && access !== 'admin') {
          throw new Error(`${method.toUpperCase()} ${path} has no valid x-access in openapi.yaml`);
        }
        const key = `${method.toUpperCase()} ${path}`;
        this.operations.set(key, { method: method.toUpperCase(), path, access });
      }
    }
  }

  static load(file = path.join(projectRoot(), 'openapi.yaml'), parsedFile = path.join(path.dirname(file), 'codegen', 'openapi.gen.json')): Contract {
    const source = readFileSync(file, 'utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(parsedFile, 'utf8'));
    } catch {
      parsed = null; // missing or unreadable: parse the YAML
    }
    if (isParsedContract(parsed) && parsed.sourceSha256 === contractDigest(source)) return new Contract(parsed.document);
    return new Contract(source);
  }

  operation(method: string, path: string): ContractOperation | undefined {
    return this.operations.get(`${method.toUpperCase()} ${path}`);
  }

  private deref(schema: Json | undefined): JsonObject {
    let current: Json | undefined = schema;
    for (let guard = 0; isObject(current) && typeof current.$ref === 'string'; guard++) {
      if (guard > 20) throw new Error('openapi.yaml: $ref loop');
      const pointer: string = current.$ref;
      if (!pointer.startsWith('#/')) throw new Error(`openapi.yaml: external $ref ${pointer}`);
      current = pointer
        .slice(2)
        .split('/')
        .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<Json | undefined>((node, part) => (isObject(node) ? node[part] : undefined), this.doc);
    }
    if (!isObject(current)) throw new Error('openapi.yaml: a schema is not an object');
    return current;
  }

  /** A schema with $ref and allOf resolved into one object schema (properties and types only). */
  resolve(schema: Json | undefined): JsonObject {
    const resolved = this.deref(schema);
    if (!Array.isArray(resolved.allOf)) return resolved;
    const properties: JsonObject = {};
    const required: Json[] = [];
    for (const part of resolved.allOf) {
      const flat = this.resolve(part);
      if (isObject(flat.properties)) Object.assign(properties, flat.properties);
      if (Array.isArray(flat.required)) required.push(...flat.required);
    }
    return { type: 'object', properties, required };
  }

  component(name: string): JsonObject {
    return this.resolve({ $ref: `#/components/schemas/${name}` });
  }

  /** Property names of a component, for selecting and writing columns. */
  properties(name: string): string[] {
    const schema = this.component(name);
    return isObject(schema.properties) ? Object.keys(schema.properties) : [];
  }

  /**
   * A value shaped by a schema: objects keep only the schema's properties (so columns such as
   * passwordHash never leave), 0/1 become booleans, absent nullable values become null.
   */
  shape(schema: Json | undefined, value: unknown): unknown {
    return this.shaper(schema)(value);
  }

  /**
   * The shaping of one schema as a function, with every $ref and allOf resolved once: a list
   * of 1,000 rows otherwise resolves each field's schema 1,000 times, which was most of the
   * cost of rebuilding the cached list after a write. Nested schemas are prepared on first use,
   * so a schema that refers to itself does not recurse here.
   */
  private shaper(schema: Json | undefined): Shaper {
    const s = this.resolve(schema);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) {
      const variants = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : []).map((v) => this.resolve(v));
      const objectVariant = variants.find((v) => v.type !== 'null');
      const inner = objectVariant ? this.later(objectVariant) : null;
      return (value) => (value === null || value === undefined ? null : inner ? inner()(value) : value);
    }
    const absent: () => unknown = types.includes('null')
      ? () => null
      : types.includes('string')
        ? () => ''
        : types.includes('boolean')
          ? () => false
          : types.includes('integer') || types.includes('number')
            ? () => 0
            : types.includes('array')
              ? () => []
              : () => null;
    let present: Shaper;
    if (types.includes('boolean')) present = (value) => value === true || value === 1 || value === '1';
    else if (types.includes('integer') || types.includes('number')) present = (value) => Number(value);
    else if (types.includes('string')) present = (value) => (typeof value === 'string' ? value : String(value));
    else if (types.includes('array')) {
      const item = this.later(s.items);
      present = (value) => (Array.isArray(value) ? value.map((v: unknown) => item()(v)) : []);
    } else if (isObject(s.properties)) {
      const fields = Object.entries(s.properties).map(([key, propSchema]) => ({ key, shape: this.later(propSchema) }));
      present = (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const out: Record<string, unknown> = {};
        for (const field of fields) out[field.key] = field.shape()(Reflect.get(value, field.key));
        return out;
      };
    } else present = (value) => value;
    return (value) => (value === null || value === undefined ? absent() : present(value));
  }

  /** The shaper of a schema, made when first called for. */
  private later(schema: Json | undefined): () => Shaper {
    let made: Shaper | null = null;
    return () => (made ??= this.shaper(schema));
  }

  private readonly componentShapers = new Map<string, Shaper>();

  shapeAs(component: string, value: unknown): Record<string, unknown> {
    let shaper = this.componentShapers.get(component);
    if (!shaper) {
      shaper = this.shaper({ $ref: `#/components/schemas/${component}` });
      this.componentShapers.set(component, shaper);
    }
    const shaped = shaper(value);
    if (!isObject(shaped)) throw new Error(`${component} did not shape into an object`);
    return shaped;
  }
}
