// The composition root: the one place that puts the built-in rules, formats and formatters together. The CLI, its
// worker threads and the library take the linter (and the formatters) from here; nothing below imports a registry.
import { rules } from '../rules/index.js';
import { createLinter } from './engine/lint.js';
import { fallbackFormat, formats } from './formats/index.js';
import { formatters } from './formatters/index.js';

export const linter = createLinter({ rules, formats, fallback: fallbackFormat });

export { formatters };
