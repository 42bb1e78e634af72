// transcript-lint.config.json: where it is, what it may say, and how it combines with the command line.
//
//   { "target": "api", "inputFormat": "claude-code",
//     "rules": { "resume-branch": "off", "tool-use-has-result": ["error", {}] },
//     "ignores": ["fixtures/broken/**"] }
//
// - Found by walking up from the current folder to the filesystem root (the first one wins), unless `-c FILE` names
//   one or `--no-config` turns lookup off.
// - Parsed with a strict zod schema, so a typo'd key is an error, not a silently ignored setting. Every error names
//   the file and the key, and the CLI exits 2 on it.
// - Rule options (the second element of `[severity, options]`) are validated with Ajv (JSON Schema 2020-12) against
//   the rule's own `meta.schema`, compiled once per rule. A rule without a schema takes no options: they must be
//   absent or `{}`.
// - Precedence: command-line flags > config > the rule catalogue (severity per target).
//
// The module is split so a run without a config file loads neither zod nor Ajv: config-core.ts holds the lookup, the
// precedence and the errors; config-file.ts reads and validates a file. This module is both.
export * from './config-core.js';
export * from './config-file.js';
