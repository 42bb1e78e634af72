// Generated documentation is current: the README's option and rule tables, each rule page's header and the config
// file's JSON Schema equal what src/docs makes of the code now (`npm run gen:docs` rewrites them). The schema also
// accepts and refuses what the config parser does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import { linter } from '../src/composition.js';
import { documents } from '../src/docs/documents.js';
import { ConfigError } from '../src/engine/config-core.js';
import { parseConfig } from '../src/engine/config-file.js';

const root = path.resolve(import.meta.dirname, '..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
const docs = documents({ rules: rules.map((r) => r.meta), formats: linter.formats, targets: linter.targets, read });

describe('generated documents are current (npm run gen:docs)', () => {
  for (const doc of docs) {
    it(doc.path, () => {
      expect(read(doc.path), `${doc.path} is stale: run npm run gen:docs`).toBe(doc.text);
    });
  }
});

describe('the config schema agrees with the config parser', () => {
  const schema = JSON.parse(docs.find((d) => d.path === 'schema/config.schema.json')!.text) as object;
  const validate = new Ajv2020({ strict: true }).compile(schema);
  const parses = (config: unknown): boolean => {
    try {
      parseConfig(config, 'c.json', rules);
      return true;
    } catch (err) {
      if (err instanceof ConfigError) return false;
      throw err;
    }
  };
  const cases: [string, unknown][] = [
    ['empty', {}],
    [
      'every key',
      {
        $schema: './s.json',
        target: 'api',
        inputFormat: 'messages',
        rules: { 'valid-json': 'warn', 'resume-branch': ['off'] },
        ignores: ['a/**'],
        overrides: [{ files: ['fixtures/broken/**'], rules: { 'valid-json': 'off' } }, { files: ['b'] }],
      },
    ],
    ['unknown key', { rule: {} }],
    ['override without files', { overrides: [{ rules: { 'valid-json': 'off' } }] }],
    ['override with no pattern', { overrides: [{ files: [] }] }],
    ['override with an empty pattern', { overrides: [{ files: [''] }] }],
    ['override with an unknown key', { overrides: [{ files: ['a'], rule: {} }] }],
    ['override with an unknown rule', { overrides: [{ files: ['a'], rules: { 'no-such-rule': 'off' } }] }],
    ['override with a bad severity', { overrides: [{ files: ['a'], rules: { 'valid-json': 'of' } }] }],
    ['overrides not a list', { overrides: { files: ['a'] } }],
    ['unknown rule', { rules: { 'no-such-rule': 'off' } }],
    ['bad severity', { rules: { 'valid-json': 'warning' } }],
    ['options', { rules: { 'valid-json': ['warn', {}] } }],
    ['empty array', { rules: { 'valid-json': [] } }],
    ['bad target', { target: 'openai-x' }],
    ['bad input format', { inputFormat: 'xml' }],
    ['ignores not a list', { ignores: 'a' }],
    ['empty pattern', { ignores: [''] }],
    ['not an object', []],
  ];
  it.each(cases)('%s', (_name, config) => {
    expect(validate(config)).toBe(parses(config));
  });
});
