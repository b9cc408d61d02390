/**
 * The checks of contact method and notification rule bodies (`ContactMethod` and
 * `NotificationRule` of the description: their required fields, enums and bounds), each
 * answering the fields to keep or the reasons it is refused. A rule's `contact_method` must
 * be one of the user's own: a reference is checked, as on every create and update.
 *
 * @module
 */
import {
  CONTACT_METHOD_TYPES,
  type ContactMethod,
  type ContactMethodType,
  type NotificationRule,
} from '../store/contact-resources.js';
import { isPlainObject } from '../../core/plain-object.js';

/** What a contact method body sets. */
export type ContactMethodFields = Pick<
  ContactMethod,
  'type' | 'label' | 'address' | 'country_code' | 'send_short_email' | 'device_type'
>;

/** What a notification rule body sets (the contact method by id). */
export interface NotificationRuleFields {
  /** Minutes after the assignment. */
  start_delay_in_minutes: number;
  /** `high` or `low`. */
  urgency: 'high' | 'low';
  /** The contact method's id. */
  contactMethodId: string;
}

/** The fields, or why not. */
export type Checked<T> = { ok: true; fields: T } | { ok: false; errors: string[] };

const PHONE_TYPES: readonly ContactMethodType[] = [
  'phone_contact_method',
  'sms_contact_method',
  'whatsapp_contact_method',
];

/**
 * Checks a contact method body over `existing` (an update keeps what it does not name; its
 * type cannot change). `others` are the user's other methods: the same address twice for one
 * type is refused.
 */
export function checkContactMethod(
  body: Record<string, unknown>,
  others: readonly ContactMethod[],
  existing?: ContactMethod,
): Checked<ContactMethodFields> {
  const merged = { ...(existing ?? {}), ...body } as Record<string, unknown>;
  const errors: string[] = [];
  const type = merged.type as ContactMethodType;
  if (!(CONTACT_METHOD_TYPES as readonly unknown[]).includes(type))
    errors.push(`type must be one of ${CONTACT_METHOD_TYPES.join(', ')}`);
  if (existing && type !== existing.type) errors.push(`type cannot change from ${existing.type}`);
  for (const field of ['label', 'address'] as const)
    if (typeof merged[field] !== 'string' || (merged[field] as string).trim() === '')
      errors.push(`${field} must be a non-empty string`);
  if (
    type === 'email_contact_method' &&
    typeof merged.address === 'string' &&
    !/^[^@\s]+@[^@\s]+$/.test(merged.address)
  )
    errors.push('address must be an email address');
  const code = merged.country_code;
  if (PHONE_TYPES.includes(type) && !(Number.isInteger(code) && (code as number) >= 1 && (code as number) <= 1999))
    errors.push('country_code must be an integer from 1 to 1999');
  if (type === 'push_notification_contact_method' && merged.device_type !== 'android' && merged.device_type !== 'ios')
    errors.push('device_type must be android or ios');
  if (merged.send_short_email !== undefined && typeof merged.send_short_email !== 'boolean')
    errors.push('send_short_email must be true or false');
  if (others.some((other) => other.type === type && other.address === merged.address))
    errors.push(`The user already has a ${type} with the address ${String(merged.address)}`);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    fields: {
      type,
      label: merged.label as string,
      address: merged.address as string,
      ...(PHONE_TYPES.includes(type) ? { country_code: code as number } : {}),
      ...(type === 'email_contact_method' ? { send_short_email: (merged.send_short_email as boolean) ?? false } : {}),
      ...(type === 'push_notification_contact_method' ? { device_type: merged.device_type as 'android' | 'ios' } : {}),
    },
  };
}

/**
 * Checks a notification rule body over `existing`. `methods` are the user's contact
 * methods; `urgencies` says whether the account has the `urgencies` ability ("Account must
 * have the `urgencies` ability to have a low urgency notification rule", the description).
 */
export function checkNotificationRule(
  body: Record<string, unknown>,
  methods: readonly ContactMethod[],
  urgencies: boolean,
  existing?: NotificationRule,
): Checked<NotificationRuleFields> & { lacksAbility?: boolean } {
  const errors: string[] = [];
  const type = body.type ?? existing?.type ?? 'assignment_notification_rule';
  if (type !== 'assignment_notification_rule') errors.push('type must be assignment_notification_rule');
  const delay = body.start_delay_in_minutes ?? existing?.start_delay_in_minutes;
  if (!Number.isInteger(delay) || (delay as number) < 0)
    errors.push('start_delay_in_minutes must be an integer, 0 or more');
  const urgency = body.urgency ?? existing?.urgency;
  if (urgency !== 'high' && urgency !== 'low') errors.push('urgency must be high or low');
  const reference = body.contact_method ?? existing?.contact_method;
  const id = isPlainObject(reference) && typeof reference.id === 'string' ? reference.id : undefined;
  if (id === undefined) errors.push('contact_method must be a reference with an id');
  else if (!methods.some((method) => method.id === id))
    errors.push(`contact_method: Contact method ${id} not found for this user`);
  if (errors.length > 0) return { ok: false, errors };
  if (urgency === 'low' && !urgencies)
    return { ok: false, errors: ['The account lacks the urgencies ability'], lacksAbility: true };
  return {
    ok: true,
    fields: { start_delay_in_minutes: delay as number, urgency: urgency as 'high' | 'low', contactMethodId: id! },
  };
}
