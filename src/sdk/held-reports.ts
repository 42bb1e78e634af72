// "See everything, then report with one shared fix": reports are held until every finding is known, then sent, each
// with a fix made at that moment. Several reports of one message (or one stored entry) then carry the very same
// edits, which the fix engine applies once (identical edits do not conflict).
import { FixPlan } from '../fixer/fix-plan.js';
import type { TranscriptStorage } from '../model/index.js';
import type { Fixability, FixDescriptor, Messages, ReportDescriptor, RuleContext } from './rule-api.js';

/** A report without its fix: the fix is made when the held reports are sent. */
export type HeldReport<Ms extends Messages> = ReportDescriptor<Ms> & { fix?: undefined };

export class HeldReports<Ms extends Messages> {
  private readonly held: { report: HeldReport<Ms>; fix?: () => FixDescriptor | undefined }[] = [];

  constructor(protected readonly ctx: Pick<RuleContext<Ms>, 'report'>) {}

  /** Holds a report; `fix`, when given, is called once every finding is in (see send). */
  hold(report: HeldReport<Ms>, fix?: () => FixDescriptor | undefined): void {
    this.held.push({ report, fix });
  }

  /** Sends the held reports in the order they were held, each with the fix made now. */
  send(): void {
    for (const { report, fix } of this.held) {
      const made = fix?.();
      this.ctx.report(made ? { ...report, fix: made } : report);
    }
    this.held.length = 0;
  }
}

/**
 * Held reports whose fixes come from plans, one plan per key (usually a message of the request): every finding adds
 * to its plan, and every report of the plan carries its final edits.
 */
export class PlannedReports<Ms extends Messages> extends HeldReports<Ms> {
  private readonly plans = new Map<unknown, FixPlan>();
  private readonly model: TranscriptStorage;

  constructor(ctx: Pick<RuleContext<Ms, 'storage' | 'request'>, 'report' | 'model'>) {
    super(ctx);
    this.model = ctx.model;
  }

  /** The plan for a key, created on first use. */
  plan(key: unknown): FixPlan {
    let plan = this.plans.get(key);
    if (!plan) this.plans.set(key, (plan = new FixPlan(this.model)));
    return plan;
  }

  /** The plan for a key, if one was made. */
  existing(key: unknown): FixPlan | undefined {
    return this.plans.get(key);
  }

  add(report: HeldReport<Ms>, fix?: { plan: FixPlan; applicability?: Fixability; description: string }): void {
    this.hold(report, fix && (() => fix.plan.fix(fix.applicability ?? 'safe', fix.description)));
  }
}
