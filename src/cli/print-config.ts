// --print-config FILE: the settings a run would use for that file, as JSON, and where each came from. Without a
// chosen input format it is detected from the file (when it can be read), and the target follows from it as in a
// real run.
import { type EffectiveConfig, isIgnoredByConfig } from '../engine/config-core.js';
import type { Linter } from '../engine/lint.js';
import { readRegularSync } from '../engine/read-regular.js';
import { appliesTo } from '../engine/run-rules.js';
import type { Format } from '../formats/types.js';
import { type Severity, severityFor } from '../sdk/rule-api.js';
import type { CliIO } from './io.js';

export function printConfig(filePath: string, config: EffectiveConfig, linter: Linter, io: CliIO): number {
  let format: Format | undefined = config.inputFormat !== undefined ? linter.format(config.inputFormat) : undefined;
  let inputFormatFrom: 'option' | 'config' | 'detected' | null =
    format !== undefined ? (config.inputFormatFrom ?? 'option') : null;
  if (format === undefined) {
    try {
      format = linter.detect(filePath, readRegularSync(filePath));
      inputFormatFrom = 'detected';
    } catch {
      // Unreadable, or not a regular file: nothing to detect from.
    }
  }
  // An unreadable file with no chosen format: a Claude Code session is what a run would most likely find.
  const target = format !== undefined ? linter.targetFor(format, config.target) : (config.target ?? 'claude-code');
  const rules: Record<string, Severity> = {};
  for (const { meta } of linter.rules)
    rules[meta.id] = config.severities.get(meta.id) ?? severityFor(meta, target, linter.targets);
  const doc = {
    filePath,
    configFile: config.configFile ?? null,
    ignored: isIgnoredByConfig(config, filePath),
    inputFormat: format?.id ?? null,
    inputFormatFrom,
    target,
    // Chosen on the command line or in the config file, or else (or when the format has no such target) the
    // input format's own.
    targetFrom:
      config.target !== undefined && config.target === target ? (config.targetFrom ?? 'option') : 'input-format',
    rules,
    // Who set each rule that is not at the target's default: the config's `rules` or `overrides[N]`, or a flag.
    ruleOrigins: Object.fromEntries(config.origins),
    // The config's overrides whose `files` match this file, by index.
    overrides: config.overrides,
    // Rules that never run on this input format, whatever their severity (storage rules on a request file).
    notApplicable:
      format === undefined ? [] : linter.rules.filter((r) => !appliesTo(r.meta, format)).map((r) => r.meta.id),
  };
  io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
  return 0;
}
