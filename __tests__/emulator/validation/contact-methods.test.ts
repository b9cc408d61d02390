/**
 * The checks of contact method and notification rule bodies: the description's required
 * fields and bounds, a rule's contact method one of the user's own, and the `urgencies`
 * ability for a low-urgency rule.
 */
import { describe, expect, it } from '@jest/globals';
import type { ContactMethod } from '../../../src/emulator/store/resources.js';
import { checkContactMethod, checkNotificationRule } from '../../../src/emulator/validation/contact-methods.js';

const email: ContactMethod = {
  id: 'PCM0001',
  type: 'email_contact_method',
  summary: 'Work',
  self: '',
  html_url: '',
  label: 'Work',
  address: 'ada@example.com',
};

describe('contact method bodies', () => {
  it('need a type, label and address, a country code for phones and a device type for push', () => {
    expect(checkContactMethod({ type: 'fax', label: '', address: 'x' }, [])).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^type must be one of/), 'label must be a non-empty string'],
    });
    expect(checkContactMethod({ type: 'sms_contact_method', label: 'Mobile', address: '555' }, [])).toEqual({
      ok: false,
      errors: ['country_code must be an integer from 1 to 1999'],
    });
    expect(checkContactMethod({ type: 'push_notification_contact_method', label: 'Phone', address: 'x' }, [])).toEqual({
      ok: false,
      errors: ['device_type must be android or ios'],
    });
    expect(checkContactMethod({ type: 'email_contact_method', label: 'Work', address: 'nope' }, [])).toEqual({
      ok: false,
      errors: ['address must be an email address'],
    });
  });

  it('refuse the same address twice for one type, and a change of type', () => {
    expect(
      checkContactMethod({ type: 'email_contact_method', label: 'Again', address: email.address }, [email]).ok,
    ).toBe(false);
    expect(checkContactMethod({ type: 'sms_contact_method' }, [], email)).toEqual({
      ok: false,
      errors: expect.arrayContaining(['type cannot change from email_contact_method']),
    });
    expect(checkContactMethod({ label: 'Home' }, [], email)).toEqual({
      ok: true,
      fields: { type: 'email_contact_method', label: 'Home', address: email.address, send_short_email: false },
    });
  });
});

describe('notification rule bodies', () => {
  const rule = { start_delay_in_minutes: 5, urgency: 'high', contact_method: { id: email.id } };

  it('need a delay of 0 or more, an urgency and one of the user’s contact methods', () => {
    expect(checkNotificationRule(rule, [email], true)).toEqual({
      ok: true,
      fields: { start_delay_in_minutes: 5, urgency: 'high', contactMethodId: email.id },
    });
    expect(checkNotificationRule({ ...rule, start_delay_in_minutes: -1 }, [email], true).ok).toBe(false);
    expect(checkNotificationRule(rule, [], true)).toEqual({
      ok: false,
      errors: [`contact_method: Contact method ${email.id} not found for this user`],
    });
  });

  it('need the urgencies ability for a low-urgency rule', () => {
    expect(checkNotificationRule({ ...rule, urgency: 'low' }, [email], false)).toEqual({
      ok: false,
      errors: ['The account lacks the urgencies ability'],
      lacksAbility: true,
    });
  });
});
