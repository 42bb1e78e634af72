// The end of the stylish report: each session that will not resume as it is (a session with errors: the error level
// is "resume fails, loses history, or sends a request the API rejects"), with its agent, id and project, the first
// error in one clause, the command that repairs it, and the agent's command that resumes it after (or, when an error
// has no fix of its own, what to do about it). Commands are printed whole, each on a line of its own, however narrow
// the terminal.
import type { createColors } from 'picocolors';
import type { Diagnostic } from '../engine/run-rules.js';
import type { LintResult } from '../engine/lint.js';
import { neutralize } from './neutralize.js';
import type { FormatContext, SessionRef } from './types.js';
import { wrapText } from './wrap-text.js';

type Colors = ReturnType<typeof createColors>;

const INDENT = '    ';

export function resumeBlock(results: readonly LintResult[], ctx: FormatContext, c: Colors): string {
  const stuck = results.flatMap((r) => {
    const session = ctx.sessions?.get(r.filePath);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    return session && errors.length > 0 ? [{ session, errors }] : [];
  });
  if (stuck.length === 0) return '';
  const width = ctx.width ?? Infinity;
  const title =
    stuck.length === 1
      ? '1 session will not resume as it is:'
      : `${stuck.length} sessions will not resume as they are:`;
  const blocks = stuck.map(({ session, errors }) => sessionLines(session, errors, width, c).join('\n'));
  return `\n${c.bold(title)}\n${blocks.join('\n')}\n`;
}

function sessionLines(session: SessionRef, errors: readonly Diagnostic[], width: number, c: Colors): string[] {
  const head = [session.agent, session.id, session.project === undefined ? '' : `(${session.project})`]
    .filter(Boolean)
    .map(neutralize)
    .join(' ');
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (+${errors.length - 1} more ${errors.length === 2 ? 'error' : 'errors'})` : '';
  const reason = `${neutralize(first.ruleId)}: ${neutralize(firstClause(first.message))}${more}`;
  const lines = [
    `  ${c.bold(wrapText(head, width, INDENT).join('\n'))}`,
    INDENT + wrapText(reason, width, INDENT).join('\n'),
  ];
  const repair = repairCommand(session, errors);
  if (repair.fix) lines.push(`${INDENT}${c.cyan(repair.fix)}`);
  if (repair.unfixed) lines.push(INDENT + wrapText(repair.unfixed, width, INDENT).join('\n'));
  else lines.push(`${INDENT}${c.cyan(neutralize(session.resume))}`);
  return lines;
}

/**
 * `--fix` when every error has a safe fix, `--fix --unsafe-fixes` when some needs it. An error with no fix of its own
 * is named with its `explain` command; when other errors have fixes, `--fix` comes first, since their fix may remove
 * its cause (a summary-less compact boundary makes first-message-user fire), and the lint after it tells.
 */
function repairCommand(session: SessionRef, errors: readonly Diagnostic[]): { fix?: string; unfixed?: string } {
  const unfixed = errors.find((d) => d.fix === undefined);
  const fixable = errors.filter((d) => d.fix !== undefined);
  const unsafe = fixable.some((d) => d.fix?.applicability === 'unsafe');
  const fix =
    fixable.length > 0
      ? `transcript-lint --session ${neutralize(session.id)} --fix${unsafe ? ' --unsafe-fixes' : ''}`
      : undefined;
  if (!unfixed) return { fix };
  const rule = neutralize(unfixed.ruleId);
  const explain = `\`transcript-lint explain ${rule}\``;
  return {
    fix,
    unfixed: fix
      ? `then lint it again: no fix of its own repairs ${rule} (${explain} says what to do)`
      : `no fix repairs ${rule}: ${explain} says what to do`,
  };
}

/** The message up to its first clause break ("; ", ": " or ". "), for one line; the report above has all of it. */
export function firstClause(message: string): string {
  const line = message.split('\n')[0]!;
  const cut = /(?:; |: |\. )/.exec(line);
  const clause = cut ? line.slice(0, cut.index) : line;
  return clause.replace(/\.$/, '');
}
