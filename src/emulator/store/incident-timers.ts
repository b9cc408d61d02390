/**
 * What is due to happen to open incidents as the emulator's clock moves: an escalation to
 * the next level when a level's `escalation_delay_in_minutes` runs out unacknowledged, and
 * a notification rule's `start_delay_in_minutes` running out for an assignee. Only the
 * timetable lives here (plain data, kept in snapshots); `clock-driven.ts` carries the
 * timers out when the clock has passed them.
 *
 * @module
 */

/** An escalation due at `at` (ms) for an incident still at `level`, in loop `loop` (0: the first pass). */
export interface EscalationTimer {
  /** Always `escalate`. */
  kind: 'escalate';
  /** When, in milliseconds since the epoch. */
  at: number;
  /** The incident. */
  incidentId: string;
  /** The level (1-based) the incident is at; the timer is stale once it is at another. */
  level: number;
  /** How many times the policy has been repeated so far. */
  loop: number;
}

/** A notification due at `at` (ms): `ruleId` of `userId`, while they are still assigned. */
export interface NotificationTimer {
  /** Always `notify`. */
  kind: 'notify';
  /** When, in milliseconds since the epoch. */
  at: number;
  /** The incident. */
  incidentId: string;
  /** The assignee to notify. */
  userId: string;
  /** The notification rule that fires. */
  ruleId: string;
}

/** Anything due on the clock. */
export type IncidentTimer = EscalationTimer | NotificationTimer;

/** The timers, earliest first (ties in the order they were set). */
export class IncidentTimers {
  #items: IncidentTimer[] = [];

  /** Sets a timer. */
  add(timer: IncidentTimer): void {
    let index = this.#items.length;
    while (index > 0 && this.#items[index - 1]!.at > timer.at) index -= 1;
    this.#items.splice(index, 0, timer);
  }

  /** Cancels the timers of an incident (of one kind, when given). */
  cancel(incidentId: string, kind?: IncidentTimer['kind']): void {
    if (this.#items.length === 0) return;
    this.#items = this.#items.filter(
      (timer) => timer.incidentId !== incidentId || (kind !== undefined && timer.kind !== kind),
    );
  }

  /** Takes out the earliest timer due at or before `now` (ms), if any: cheap when none is due. */
  takeDue(now: number): IncidentTimer | undefined {
    const first = this.#items[0];
    if (first === undefined || first.at > now) return undefined;
    return this.#items.shift();
  }

  /** Every timer, earliest first (a copy). */
  all(): IncidentTimer[] {
    return [...this.#items];
  }

  /** Replaces every timer (restoring a snapshot). */
  replaceAll(timers: readonly IncidentTimer[]): void {
    this.#items = [...timers].sort((a, b) => a.at - b.at);
  }

  /** Cancels every timer. */
  clear(): void {
    this.#items = [];
  }

  /** How many are set. */
  get size(): number {
    return this.#items.length;
  }
}
