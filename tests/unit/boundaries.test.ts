// The walls between the layers are kept by ESLint (eslint.config.js), so a change that breaks one
// fails the test command's lint step: here each wall is shown refusing a crossing, and letting
// through what is allowed.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const refusals = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) ?? [];

describe('the shared layer (schema/) imports nothing from above', () => {
  it.each([
    ["import { toPersianDigits } from '../src/lib/digits';", 'schema/courses.ts'],
    ["import { sanitizeArticleHtml } from '../../server/platform/sanitize';", 'schema/rules/text.ts'],
    ["import { useState } from 'react';", 'schema/define.ts'],
  ])('refuses %s in %s', async (code, filePath) => {
    expect(await refusals(`${code}\nexport {};\n`, filePath)).toEqual([expect.stringContaining('schema/ is below src/ and server/')]);
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
