// codegen/openapi.gen.json's shape: openapi.yaml parsed once by codegen, stamped with the digest of
// the text it came from, so the server starts without parsing YAML unless the text changed.
import { createHash } from 'node:crypto';

/** The stamp of an openapi.yaml text in codegen/openapi.gen.json. */
export const contractDigest = (source: string): string => createHash('sha256').update(source).digest('hex');

/** codegen/openapi.gen.json: the parsed openapi.yaml and the digest of the text it came from. */
export interface ParsedContract {
  $comment: string;
  sourceSha256: string;
  document: Record<string, unknown>;
}
