// Config constants the argument parser needs, apart from config-core.ts, which loads the rule registry.
import type { Severity } from '../sdk/rule-api.js';

export const CONFIG_FILE_NAME = 'transcript-lint.config.json';

export const SEVERITIES = ['off', 'warn', 'error'] as const satisfies readonly Severity[];
