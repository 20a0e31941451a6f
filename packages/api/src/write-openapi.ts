import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from './openapi';

/** `npm run openapi`: writes docs/openapi.json from the schemas. */
export function main() {
  const target = new URL('../../../docs/openapi.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
  console.info(`Wrote ${target.pathname}`);
}
