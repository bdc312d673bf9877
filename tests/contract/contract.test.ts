// The contract, the generated types and the schema registry agree.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateParsedContract, generateTypes, outputUrl, parsedOutputUrl } from '../../codegen/generate';
import { Contract as ServerContract } from '../../server/platform/contract';
import { splitOperation } from '../../schema/define';
import { registry } from '../../schema/registry.gen';

interface Contract {
  paths: Record<string, Record<string, { 'x-access'?: string }>>;
  components: { schemas: Record<string, unknown> };
}

async function loadContract(): Promise<Contract> {
  const text = await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  const parsed: Contract = parse(text);
  return parsed;
}

describe('codegen', () => {
  it('the committed types are what openapi.yaml generates now', async () => {
    const committed = await readFile(outputUrl, 'utf8');
    expect(committed).toBe(await generateTypes());
    expect(committed.startsWith('// GENERATED FILE, DO NOT EDIT')).toBe(true);
  });
  it('the committed parsed contract (what the server loads at start) is what openapi.yaml parses into now', async () => {
    const committed = await readFile(parsedOutputUrl, 'utf8');
    expect(committed).toBe(await generateParsedContract());
    const parsed: { $comment: string; document: unknown } = JSON.parse(committed);
    expect(parsed.$comment.startsWith('GENERATED FILE, DO NOT EDIT')).toBe(true);
    expect(parsed.document).toEqual(await loadContract());
  });
  it('the server takes the parsed contract only while it matches openapi.yaml, else parses the YAML', async () => {
    const yamlFile = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));
    const source = await readFile(yamlFile, 'utf8');
    const fromYaml = new ServerContract(source);
    const loaded = ServerContract.load(yamlFile, fileURLToPath(parsedOutputUrl));
    expect([...loaded.operations.entries()]).toEqual([...fromYaml.operations.entries()]);
    expect(loaded.component('Course')).toEqual(fromYaml.component('Course'));

    const dir = await mkdtemp(path.join(tmpdir(), 'academy-contract-'));
    try {
      // openapi.yaml edited (an operation made public) without running codegen: the edit counts.
      const edited = path.join(dir, 'openapi.yaml');
      const changed = source.replace('operationId: listCourse\n      x-access: admin', 'operationId: listCourse\n      x-access: public');
      expect(changed).not.toBe(source);
      await writeFile(edited, changed);
      expect(fromYaml.operation('GET', '/api/Course/GetSelectList')?.access).toBe('admin');
      expect(ServerContract.load(edited, fileURLToPath(parsedOutputUrl)).operation('GET', '/api/Course/GetSelectList')?.access).toBe('public');
      // A parsed file whose stamp matches is what the server uses (no YAML parsing at start).
      const marked = path.join(dir, 'openapi.gen.json');
      const parsed: { document: { paths: Record<string, Record<string, Record<string, unknown>>> } } = JSON.parse(await readFile(parsedOutputUrl, 'utf8'));
      const listCourses = parsed.document.paths['/api/Course/GetSelectList']?.get;
      if (!listCourses) throw new Error('no GET /api/Course/GetSelectList');
      listCourses['x-access'] = 'learner';
      await writeFile(marked, JSON.stringify(parsed));
      expect(ServerContract.load(yamlFile, marked).operation('GET', '/api/Course/GetSelectList')?.access).toBe('learner');
      // No parsed file at all: the YAML.
      expect(ServerContract.load(yamlFile, path.join(dir, 'missing.json')).operations.size).toBe(fromYaml.operations.size);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('openapi.yaml', () => {
  it('holds no stray null keys (an unquoted comma inside a flow mapping splits a description)', async () => {
    const text = await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8');
    const stray: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (value === null) stray.push(`${at}/${key}`);
        walk(value, `${at}/${key}`);
      }
    };
    walk(parse(text), '');
    expect(stray).toEqual([]);
  });

  it('gives every operation an access level', async () => {
    const contract = await loadContract();
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(['public', 'learner', 'admin'], `${method} ${path}`).toContain(operation['x-access']);
      }
    }
  });
  it('has every call of spec §7 with its method', async () => {
    const contract = await loadContract();
    const calls = [
      'GET /api/User/GetDashboardData', 'GET /api/User/GetPagedFilter', 'DELETE /api/User/Delete',
      'PUT /api/User/UpdateByAdmin', 'GET /api/Course/GetSelectList', 'POST /api/Course/Create',
      'PUT /api/Course/Update', 'DELETE /api/Course/Delete', 'GET /api/Article/GetSelectList',
      'POST /api/Article/Create', 'PUT /api/Article/Update', 'DELETE /api/Article/Delete',
      'GET /api/Category/GetSelectList', 'POST /api/Category/Create', 'PUT /api/Category/Update',
      'DELETE /api/Category/Delete', 'GET /api/Teacher/GetSelectList', 'POST /api/Teacher/Create',
      'PUT /api/Teacher/Update', 'DELETE /api/Teacher/Delete', 'GET /api/File/all-images',
      'GET /api/File/all-videos', 'POST /api/File/upload-image', 'POST /api/File/upload-video',
      'DELETE /api/File/delete', 'GET /api/File/image/{fileName}', 'GET /api/File/video/{fileName}',
    ];
    for (const call of calls) {
      const [method = '', path = ''] = call.split(' ');
      expect(contract.paths[path]?.[method.toLowerCase()], call).toBeDefined();
    }
  });
  it('every registry operation exists in the contract', async () => {
    const contract = await loadContract();
    for (const entity of Object.values(registry)) {
      for (const op of [entity.ops.list, entity.ops.create, entity.ops.update, entity.ops.remove]) {
        if (!op) continue;
        const { method, path } = splitOperation(op);
        expect(contract.paths[path]?.[method.toLowerCase()], `${entity.key}: ${op}`).toBeDefined();
      }
      expect(contract.components.schemas[entity.component], entity.component).toBeDefined();
    }
  });
});
