// The contract is written out in full: no YAML anchor or alias. Codegen once let the YAML library
// alias repeated answers (&a1 … *a1), so adding one entity renumbered the anchors of every other
// and its diff was eighty lines that were not its own.
import { readFileSync } from 'node:fs';
import { parseDocument, visit } from 'yaml';
import { describe, expect, it } from 'vitest';

describe('openapi.yaml', () => {
  it('has no anchors and no aliases', () => {
    const document = parseDocument(readFileSync('openapi.yaml', 'utf8'));
    const found: string[] = [];
    visit(document, {
      Alias: (_, node) => void found.push(`*${node.source}`),
      Node: (_, node) => void (node.anchor ? found.push(`&${node.anchor}`) : undefined),
    });
    expect(found).toEqual([]);
  });
});
