import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../api-docs/openapi-document.ts';

// `npm run openapi [-- <file>]`: writes the OpenAPI 3.1 document of the
// production API to <file>, by default docs/openapi.json: what a production
// server serves at `GET /api/openapi.json` (the dev SMS outbox left out) plus
// the global admins' operations, which the served one leaves out
// (docs/decisions/016). A snapshot for tools and reviews; the contract in
// packages/shared/src/api stays the source.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const target = path.resolve(process.argv[2] ?? path.join(repoRoot, 'docs/openapi.json'));
const document = openApiDocument({ includeDevOnly: false, includeGlobalAdmin: true });
fs.writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(repoRoot, target)} (${Object.keys(document.paths ?? {}).length} paths).`,
);
