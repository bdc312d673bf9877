// The walls between the layers are kept by ESLint (eslint.config.js), so a change that breaks one
// fails the test command's lint step: here each wall is shown refusing a crossing, and letting
// through what is allowed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The project's own configuration, with only the rules these tests read: the cycle rule would
// walk the whole import graph for each probe, and the lint step runs it.
const checked = new Set(['no-restricted-imports', 'no-restricted-syntax', 'import-x/no-restricted-paths', 'max-lines']);
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => checked.has(ruleId) });
const refusals = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) ?? [];

describe('the shared layer (schema/) imports nothing from above', () => {
  it.each([
    ["import { toPersianDigits } from '../src/lib/digits';", 'schema/courses.ts'],
    ["import { sanitizeArticleHtml } from '../../server/platform/sanitize';", 'schema/rules/text.ts'],
    ["import { useState } from 'react';", 'schema/define.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await refusals(`${code}\nexport {};\n`, filePath)).toEqual([expect.stringContaining('schema/ is below src/, server/ and codegen/')]);
  });

  it('lets schema/ use its own rules, and src/ and server/ use them', async () => {
    expect(await refusals("import { toPersianDigits } from './rules/digits';\nexport {};\n", 'schema/courses.ts')).toEqual([]);
    expect(await refusals("import { toPersianDigits } from '../../schema/rules/digits';\nexport {};\n", 'src/lib/seo.ts')).toEqual([]);
    expect(await refusals("import { toPersianDigits } from '../schema/rules/digits';\nexport {};\n", 'server/features/catalogue/public.ts')).toEqual([]);
  });
});

describe('a name has one rule', () => {
  const restricted = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message) ?? [];
  const ownCheck = "import { requiredText } from '../schema/validators';\nexport const name = requiredText('نام', 80);\n";

  it('refuses a name checked by hand in a form or on the server', async () => {
    expect(await restricted(ownCheck, 'server/features/commerce/learner.ts')).toEqual([expect.stringContaining('one name rule')]);
    expect(await restricted(ownCheck, 'src/components/dashboard/ChildForm.tsx')).toEqual([expect.stringContaining('one name rule')]);
  });

  it('lets the rule itself and other required texts be', async () => {
    expect(await restricted(ownCheck, 'schema/validators.ts')).toEqual([]);
    expect(await restricted("import { requiredText } from '../schema/validators';\nexport const t = requiredText('مناسبت', 100);\n", 'server/features/commerce/learner.ts')).toEqual([]);
  });
});

describe("the server's rooms keep their imports one way", () => {
  const sign = (message: string) => [expect.stringContaining(message)];
  it.each([
    ["import { plugInSchedule } from '../features/classes/schedule';", 'server/engine/crud.ts', 'imports no feature'],
    ["import { recordAudit } from '../engine/audit';", 'server/platform/http.ts', 'bottom of the server'],
    ["import { touchSession } from '../features/identity/signInSessions';", 'server/platform/http.ts', 'bottom of the server'],
    ["import { seedIfEmpty } from '../../seed';", 'server/features/commerce/learner.ts', 'a feature may use'],
    ["import { router } from '../../../src/router';", 'server/features/catalogue/ssr.ts', 'a feature may use'],
    ["import { registerCrud } from '../../server/engine/crud';", 'src/components/admin/EntityTable.tsx', 'src/ runs in the browser'],
  ])('refuses %s in %s', async (code, filePath, message) => {
    expect(await refusals(`${code}\nexport {};\n`, filePath)).toEqual(sign(message));
  });

  it('lets each room use the ones below it, and a feature the server-render entry', async () => {
    expect(await refusals("import { HttpError } from '../platform/errors';\nexport {};\n", 'server/engine/crud.ts')).toEqual([]);
    expect(await refusals("import { plugIn } from '../../engine/behaviours';\nexport {};\n", 'server/features/classes/schedule.ts')).toEqual([]);
    expect(await refusals("import type { SitePages } from '../../../src/entry-server';\nexport {};\n", 'server/features/catalogue/pages.ts')).toEqual([]);
    expect(await refusals("import { classes } from './classes';\nexport {};\n", 'server/features/index.ts')).toEqual([]);
  });
});

describe('the walls hold for import() and for codegen, and a file stays one idea', () => {
  const messages = async (code: string, filePath: string, rule: string) =>
    (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === rule).map((m) => m.message) ?? [];

  it('refuses a wall crossed by import(), which no-restricted-imports does not see', async () => {
    const crossing = "export const load = () => import('../features/classes/schedule');\n";
    expect(await messages(crossing, 'server/engine/crud.ts', 'import-x/no-restricted-paths')).toEqual([expect.stringContaining('imports no feature')]);
    expect(await messages("export const load = () => import('../server/platform/db');\n", 'schema/courses.ts', 'import-x/no-restricted-paths')).toEqual([
      expect.stringContaining('schema/ imports only itself'),
    ]);
    expect(await messages("export const load = () => import('./errors');\n", 'server/platform/http.ts', 'import-x/no-restricted-paths')).toEqual([]);
  });

  it('keeps codegen/ off server/ and src/, and schema/ off codegen/', async () => {
    expect(await refusals("import { migrate } from '../server/platform/db';\nexport {};\n", 'codegen/generate.ts')).toEqual([expect.stringContaining('codegen/ reads the schemas')]);
    expect(await refusals("import type { components } from '../codegen/openapi.gen';\nexport {};\n", 'schema/labels.ts')).toEqual([expect.stringContaining('schema/ is below')]);
    expect(await refusals("import { migrationEra } from './migrationOrder';\nexport {};\n", 'codegen/migrationHistory.ts')).toEqual([]);
  });

  it('refuses a hand-written file over 400 lines, and lets a generated one be', async () => {
    const long = 'export const n = 1;\n'.repeat(401);
    expect(await messages(long, 'server/engine/crud.ts', 'max-lines')).toEqual([expect.stringContaining('Maximum allowed is 400')]);
    expect(await messages(long, 'codegen/openapi.gen.ts', 'max-lines')).toEqual([]);
  });
});

describe("the browser code's floors run one way", () => {
  it.each([
    ["import { bulkTexts } from '../components/admin/BulkBar';", 'src/machines/bulkMachine.ts', 'src/machines/ sits below'],
    ["import { listMachine } from '../machines/listMachine';", 'src/lib/listSearch.ts', "browser's ground floor"],
    ["import { islands } from '../../islands/registry';", 'src/components/site/SiteShell.tsx', 'src/components/ sits below'],
    ["import { Route } from '../../routes/_site';", 'src/components/site/SiteShell.tsx', 'src/components/ sits below'],
  ])('refuses %s in %s', async (code, filePath, message) => {
    expect(await refusals(`${code}\nexport {};\n`, filePath)).toEqual([expect.stringContaining(message)]);
  });

  it('lets each floor use the ones below it, and a component wrap itself in an Island', async () => {
    expect(await refusals("import { bulkTexts } from '../../machines/bulkTexts';\nexport {};\n", 'src/components/admin/BulkBar.tsx')).toEqual([]);
    expect(await refusals("import { api } from '../api/client';\nexport {};\n", 'src/machines/bulkApi.ts')).toEqual([]);
    expect(await refusals("import { Island } from '../../islands/Island';\nexport {};\n", 'src/components/site/SiteShell.tsx')).toEqual([]);
  });
});

describe('a feature is reached through its port only', () => {
  const sign = [expect.stringContaining('through its port.ts only')];
  it.each([
    ["import { takenSeats } from '../commerce/seats';", 'server/features/catalogue/courseList.ts'],
    ["import { queueEnrolled } from '../messaging/notifications';", 'server/features/commerce/checkout.ts'],
    ["import { issueInvoiceNumber } from '../features/commerce/invoices';", 'server/seed/money.ts'],
    ["import { Tokens } from './features/identity/tokens';", 'server/app.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await refusals(`${code}\nexport {};\n`, filePath)).toEqual(sign);
  });

  it("lets a feature use another's port and its own modules, and the server the features' list", async () => {
    expect(await refusals("import { takenSeats } from '../commerce/port';\nexport {};\n", 'server/features/catalogue/courseList.ts')).toEqual([]);
    expect(await refusals("import { seatsFor } from './seats';\nexport {};\n", 'server/features/commerce/cart.ts')).toEqual([]);
    expect(await refusals("import { issueInvoiceNumber } from '../features/commerce/port';\nexport {};\n", 'server/seed/money.ts')).toEqual([]);
    expect(await refusals("import { plugInFeatures } from './features/index';\nexport {};\n", 'server/app.ts')).toEqual([]);
  });
});

describe('each side is type-checked with only its own platform', () => {
  const diagnosticsOf = (config: string, code: string): number[] => {
    const read = ts.readConfigFile(config, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, process.cwd());
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'academy-side-')), 'probe.ts');
    writeFileSync(file, code);
    const program = ts.createProgram([file], { ...options, noEmit: true });
    return ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === file).map((d) => d.code);
  };

  it('the browser has no Node: Buffer and process are unknown there', () => {
    expect(diagnosticsOf('tsconfig.browser.json', "export const bytes = Buffer.from('a');\nexport const argv = process.argv;\n")).toEqual([2591, 2591]);
    expect(diagnosticsOf('tsconfig.browser.json', 'export const title = document.title;\n')).toEqual([]);
  });

  it('the server has no DOM: document is unknown there', () => {
    expect(diagnosticsOf('tsconfig.server.json', 'export const title = document.title;\n')).toEqual([2584]);
    expect(diagnosticsOf('tsconfig.server.json', "export const bytes = Buffer.from('a');\n")).toEqual([]);
  });
});
