// npm run gen:docs: writes the generated parts of the docs from the built code (see src/docs/generate.ts). Run after
// changing an option, a rule's meta, a target or an input format; test/docs.test.ts fails until it is run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => import(`${root}dist/${p}`);
const { documents } = await dist('src/docs/documents.js');
const { linter } = await dist('src/composition.js');

const inputs = { rules: linter.rules.map((r) => r.meta), formats: linter.formats, targets: linter.targets };
for (const doc of documents({ ...inputs, read: (p) => readFileSync(`${root}${p}`, 'utf8') })) {
  mkdirSync(`${root}${doc.path}`.replace(/\/[^/]*$/, ''), { recursive: true });
  writeFileSync(`${root}${doc.path}`, doc.text);
  console.log(`wrote ${doc.path}`);
}
