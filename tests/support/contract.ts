// Checks an API answer against openapi.yaml: the status must be documented for the operation and
// a JSON body must match its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

// Found from the project's root (vitest's working directory): under jsdom a module's URL is not a file URL.
const doc: unknown = parse(readFileSync(resolve(process.cwd(), 'openapi.yaml'), 'utf8'));
if (!isNode(doc) || !isNode(doc.paths)) throw new Error('openapi.yaml has no paths');
const paths = doc.paths;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('binary', true);
ajv.addSchema(doc, 'openapi');

/**
 * Answers the server gives that openapi.yaml does not list yet (reported to the lead). Remove an
 * entry once the contract documents it; the check then applies in full.
 */
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Problems with an answer, empty when it conforms. */
export function contractProblems(method: string, path: string, status: number, body: unknown, contentType: string): string[] {
  const item = paths[path];
  const op = isNode(item) ? item[method.toLowerCase()] : undefined;
  if (!isNode(op) || !isNode(op.responses)) return [`${method} ${path} is not in openapi.yaml`];
  let response = op.responses[String(status)];
  let pointer = `openapi#/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}`;
  if (!isNode(response)) {
    return [`${method} ${path} does not document status ${status}`];
  }
  if (typeof response.$ref === 'string') {
    pointer = `openapi${response.$ref}`;
    const name = response.$ref.split('/').pop() ?? '';
    const responses = isNode(doc) && isNode(doc.components) && isNode(doc.components.responses) ? doc.components.responses : {};
    response = responses[name];
  }
  if (!isNode(response) || !isNode(response.content)) return [];
  if (!isNode(response.content['application/json'])) {
    return contentType.includes('application/json') ? [`${method} ${path} ${status} answered JSON where the contract does not`] : [];
  }
  if (!contentType.includes('application/json')) return [`${method} ${path} ${status} should answer JSON, got ${contentType}`];
  const validate = ajv.getSchema(`${pointer}/content/application~1json/schema`);
  if (!validate) return [`no schema at ${pointer}`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${method} ${path} ${status}: ${e.instancePath || '(root)'} ${e.message ?? ''}`);
}

const templates = Object.keys(paths).map((template) => {
  const params = (template.match(/\{[^}]+\}/g) ?? []).length;
  const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
  return { template, params, pattern };
});

/**
 * The contract's path for a request's path (`/api/Admin/courses/7` → `/api/Admin/{entity}/{id}`):
 * of the templates it matches, the one with the fewest parameters (a literal segment wins).
 */
export function contractPathOf(pathname: string): string | undefined {
  const matches = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => a.params - b.params);
  return matches[0]?.template;
}
