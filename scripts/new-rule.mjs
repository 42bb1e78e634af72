// npm run new:rule -- <id> [--format F] [--root DIR]: writes a new rule and everything that registers it, modelled on
// ruff's scripts/add_rule.py and Biome's `just new-js-lintrule`:
//   rules/<id>.ts                        the rule: a placeholder check, one message, no fix
//   rules/index.ts                       its import and its place in the registry (before knownFormat)
//   test/rules/<id>.test.ts              a valid case (a recorded file) and an invalid one (the placeholder)
//   fixtures/rules/<id>/valid-*.jsonl    a copy of a recorded valid fixture of the format
//   fixtures/rules/<id>/invalid-*.jsonl  the same with the placeholder field on its first line
//   docs/rules/<id>.md                   the page: What it detects, Why, Example (Before/After), Fix
// The placeholder check reports a line holding the field "scaffold-placeholder", so the suite passes on this output
// (after `npm run gen:docs` and the fixture snapshots, printed at the end). Once the check is real, the placeholder
// fixtures and cases fail until they are replaced by real ones.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The formats the scaffold knows: the view their rules declare, their id prefix, and a recorded valid fixture. */
const FORMATS = {
  'claude-code': { view: 'storage', prefix: '', target: 'claude-code', example: 'fixtures/rules/unique-uuid' },
  'codex-rollout': {
    view: 'codex',
    prefix: 'codex/',
    target: 'codex',
    example: 'fixtures/rules/codex/call-has-output',
  },
};

export const PLACEHOLDER = 'scaffold-placeholder';

function usage(message) {
  console.error(`new:rule: ${message}\nusage: npm run new:rule -- <id> [--format ${Object.keys(FORMATS).join('|')}]`);
  process.exit(2);
}

function parseArgs(argv) {
  const out = { format: 'claude-code', root: fileURLToPath(new URL('..', import.meta.url)) };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--format') out.format = argv[++i];
    else if (argv[i] === '--root') out.root = path.resolve(argv[++i]);
    else rest.push(argv[i]);
  }
  if (rest.length !== 1) usage('give exactly one rule id');
  out.id = rest[0];
  return out;
}

/** A key as the formatter writes it: bare when it is an identifier. */
const objectKey = (key) => (/^[a-z]+$/.test(key) ? key : `'${key}'`);

const camel = (id) => id.replace(/[/-]([a-z0-9])/g, (_, c) => c.toUpperCase());

/** Writes a file that must not exist yet. */
function create(root, rel, text) {
  const file = path.join(root, rel);
  if (existsSync(file)) usage(`${rel} exists already`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`wrote ${rel}`);
}

function ruleSource(id, format, toRoot) {
  const { view } = FORMATS[format];
  const formats = `\n    formats: ['${format}'],`;
  return `// ${id}: TODO one sentence on what the rule finds and what the agent does with it on resume, citing a file of
// the repository that shows it (a recorded fixture under fixtures/, a test under test/oracle/).
import { defineRule } from '${toRoot}src/sdk/index.js';

export default defineRule({
  meta: {
    id: '${id}',
    type: 'problem',
    view: '${view}',
    description: 'TODO: what a file that passes this rule has.',
    docs: { detects: 'TODO: what the rule finds' },
    severity: { ${objectKey(FORMATS[format].target)}: 'error' },${formats}
    messages: {
      placeholder: 'Line holds the field "${PLACEHOLDER}": replace this check with the real one.',
    },
  },
  check(ctx) {
    // TODO the real check. This one reports the line the scaffold's invalid fixture marks.
    for (const line of ctx.model.file.lines) {
      if (line.json !== undefined && Object.hasOwn(line.json, '${PLACEHOLDER}')) {
        ctx.report({ messageId: 'placeholder', at: { line: line.lineNo } });
      }
    }
  },
});
`;
}

function testSource(id, toRoot, toTest) {
  return `// ${id}: TODO valid and invalid cases that show what the rule finds, each with its exact fix output.
// The cases below are the scaffold's: the invalid one fails once the check is real.
import { readFileSync } from 'node:fs';
import rule from '${toRoot}rules/${id}.js';
import { runRuleTests } from '${toTest}helpers/rule-tester.js';

const fixture = (name: string): string =>
  readFileSync(new URL(\`${toRoot}fixtures/rules/${id}/\${name}\`, import.meta.url), 'utf8');

runRuleTests(rule, {
  valid: [{ name: 'a recorded session', text: fixture('valid-recorded.jsonl') }],
  invalid: [
    {
      name: 'the scaffold placeholder',
      text: fixture('invalid-placeholder.jsonl'),
      errors: [{ messageId: 'placeholder', line: 1 }],
    },
  ],
});
`;
}

function pageSource(id, before) {
  return `# ${id}

<!-- generated:header -->
<!-- /generated:header -->

## What it detects

TODO: what the rule finds, in the words of the file.

## Why

TODO: what the agent does with it on resume, or the API error it prevents, with the file of the repository that
shows it.

## Example

Before:

\`\`\`jsonl
${before}
\`\`\`

After: TODO (the rule has no fix yet; test/docs-examples.test.ts checks that the fix leaves Before as it is).

## Fix

None yet.
`;
}

/** The first valid fixture of the format's example folder, and that file with the placeholder on its first line. */
function fixtures(root, format) {
  const dir = path.join(root, FORMATS[format].example);
  const name = readdirSync(dir)
    .filter((f) => /^valid-.*\.jsonl$/.test(f) && !existsSync(path.join(dir, `${f}.options.json`)))
    .sort()[0];
  if (!name) usage(`no valid-*.jsonl fixture in ${FORMATS[format].example}`);
  const source = path.join(dir, name);
  const [first, ...rest] = readFileSync(source, 'utf8').split('\n');
  const marked = JSON.stringify({ [PLACEHOLDER]: true, ...JSON.parse(first) });
  return { source, invalid: [marked, ...rest].join('\n'), marked };
}

/** Adds the rule's import after the last rule import and its entry before knownFormat, the registry's last rule. */
function register(root, id) {
  const file = path.join(root, 'rules', 'index.ts');
  const text = readFileSync(file, 'utf8');
  const name = camel(id);
  const imports = [...text.matchAll(/^import \w+ from '\.\/[^']+\.js';$/gm)];
  const anchor = '  // Files of no supported format.\n  knownFormat,\n';
  if (imports.length === 0 || !text.includes(anchor)) usage('rules/index.ts has no rule import or no knownFormat');
  const last = imports.at(-1);
  const end = last.index + last[0].length;
  const withImport = `${text.slice(0, end)}\nimport ${name} from './${id}.js';${text.slice(end)}`;
  writeFileSync(file, withImport.replace(anchor, `  ${name},\n${anchor}`));
  console.log('registered it in rules/index.ts');
}

function main() {
  const { id, format, root } = parseArgs(process.argv.slice(2));
  if (!(format in FORMATS)) usage(`unknown format ${format}`);
  const prefix = FORMATS[format].prefix;
  if (!id.startsWith(prefix) || !/^([a-z][a-z0-9]*\/)?[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(id)) {
    usage(`a ${format} rule id is ${prefix}<kebab-case-name>`);
  }
  // rules/<id>.ts is one folder below the root per "/" in the id, plus one; test/rules/<id>.test.ts one more.
  const depth = id.split('/').length;
  const { source, invalid, marked } = fixtures(root, format);
  create(root, `rules/${id}.ts`, ruleSource(id, format, '../'.repeat(depth)));
  create(root, `test/rules/${id}.test.ts`, testSource(id, '../'.repeat(depth + 1), '../'.repeat(depth)));
  create(root, `fixtures/rules/${id}/valid-recorded.jsonl`, readFileSync(source, 'utf8'));
  create(root, `fixtures/rules/${id}/invalid-placeholder.jsonl`, invalid);
  create(root, `docs/rules/${id}.md`, pageSource(id, marked));
  register(root, id);
  console.log(`
next:
  npm run gen:docs                                          # the page's generated header, the README's rule table
  npx vitest run test/rule-fixtures.test.ts -t ${id} -u     # the fixtures' snapshots
  npx vitest run test/rules/${id}.test.ts test/meta.test.ts test/docs.test.ts test/docs-examples.test.ts
then write the real check, cases, fixtures and page (CONTRIBUTING.md, "Add a rule").`);
}

main();
