/**
 * A user's contact methods and notification rules, as the REST API v2 spells them
 * (`ContactMethod`, `NotificationRule` of the description): where PagerDuty reaches a user,
 * and after how long, for an incident of which urgency.
 *
 * @module
 */
import type { Reference, ResourceBase } from './resource-base.js';

/** The kinds of contact method the description lists. */
export const CONTACT_METHOD_TYPES = [
  'email_contact_method',
  'phone_contact_method',
  'push_notification_contact_method',
  'sms_contact_method',
  'whatsapp_contact_method',
] as const;

/** A contact method's kind. */
export type ContactMethodType = (typeof CONTACT_METHOD_TYPES)[number];

/** A way to reach a user. */
export interface ContactMethod extends ResourceBase {
  /** The kind. */
  type: ContactMethodType;
  /** The label (`Work`, `Mobile`). */
  label: string;
  /** The email address, phone number or device id. */
  address: string;
  /** The country calling code (phone, SMS, WhatsApp). */
  country_code?: number;
  /** Abbreviated emails (email). */
  send_short_email?: boolean;
  /** `android` or `ios` (push). */
  device_type?: 'android' | 'ios';
  /** Whether it can be notified (read-only; always true here). */
  enabled?: boolean;
}

/** When and how a user is notified of an incident assigned to them. */
export interface NotificationRule extends ResourceBase {
  /** Always `assignment_notification_rule`. */
  type: 'assignment_notification_rule';
  /** Minutes after the assignment before the rule fires. */
  start_delay_in_minutes: number;
  /** The contact method the rule notifies (one of the user's). */
  contact_method: Reference;
  /** The incident urgency the rule is for. */
  urgency: 'high' | 'low';
}
