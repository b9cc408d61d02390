/**
 * Validation of the `escalation_rules` of an escalation policy update: each rule needs a
 * whole-number delay of at least one minute and at least one target, and each target must
 * be a `user_reference` or `schedule_reference` to something that exists.
 *
 * @module
 */
import type { EscalationRule, EscalationTarget, Reference } from '../store/resources.js';
import { isPlainObject } from '../../core/plain-object.js';

/** The outcome: the rules, or the reasons they are invalid. */
export type RulesOutcome = { ok: true; rules: EscalationRule[] } | { ok: false; errors: string[] };

/** Looks up a target: the reference for an existing user or schedule, else `undefined`. */
export type TargetLookup = (type: EscalationTarget['type'], id: string) => Reference | undefined;

/**
 * Checks and normalises `escalation_rules`.
 *
 * @param value - the rules as sent
 * @param lookup - finds targets
 * @param newId - an identifier for a rule sent without one
 *
 * @example
 * ```ts
 * parseEscalationRules([{ escalation_delay_in_minutes: 0, targets: [] }], lookup, newId);
 * // { ok: false, errors: ['escalation_rules[0].escalation_delay_in_minutes must be ...', ...] }
 * ```
 */
export function parseEscalationRules(value: unknown, lookup: TargetLookup, newId: () => string): RulesOutcome {
  if (!Array.isArray(value) || value.length === 0)
    return { ok: false, errors: ['escalation_rules must be a non-empty list'] };
  const errors: string[] = [];
  const rules: EscalationRule[] = [];
  value.forEach((rule: unknown, index) => {
    const at = `escalation_rules[${index}]`;
    if (!isPlainObject(rule)) {
      errors.push(`${at} must be an object`);
      return;
    }
    const delay = rule.escalation_delay_in_minutes;
    if (!Number.isInteger(delay) || (delay as number) < 1) {
      errors.push(`${at}.escalation_delay_in_minutes must be a whole number of minutes >= 1`);
    }
    const targets: EscalationTarget[] = [];
    if (!Array.isArray(rule.targets) || rule.targets.length === 0)
      errors.push(`${at}.targets must be a non-empty list`);
    else {
      rule.targets.forEach((target: unknown, targetIndex) => {
        const where = `${at}.targets[${targetIndex}]`;
        const type = isPlainObject(target) ? target.type : undefined;
        const id = isPlainObject(target) ? target.id : undefined;
        if (type !== 'user_reference' && type !== 'schedule_reference') {
          errors.push(`${where}.type must be user_reference or schedule_reference`);
          return;
        }
        const found = typeof id === 'string' ? lookup(type, id) : undefined;
        if (!found)
          errors.push(`${where} references a ${type === 'user_reference' ? 'user' : 'schedule'} that does not exist`);
        else targets.push({ ...found, type });
      });
    }
    rules.push({
      id: typeof rule.id === 'string' && rule.id !== '' ? rule.id : newId(),
      escalation_delay_in_minutes: delay as number,
      targets,
    });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rules };
}
