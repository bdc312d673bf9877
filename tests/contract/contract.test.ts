// The contract, the generated types and the schema registry agree.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateTypes, outputUrl } from '../../codegen/generate';
import { splitOperation } from '../../schema/define';
import { registry } from '../../schema/registry';

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
});

describe('openapi.yaml', () => {
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
