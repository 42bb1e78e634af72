// The names `--format` accepts, in the order `--help` lists them: apart from the formatters themselves so that the
// argument parser loads none of them.
export const FORMAT_NAMES = [
  'stylish',
  'compact',
  'summary',
  'json',
  'sarif',
  'github',
  'gitlab',
  'junit',
  'rdjson',
  'eslint',
] as const;

export type FormatName = (typeof FORMAT_NAMES)[number];
