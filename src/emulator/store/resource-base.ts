/**
 * What every resource and every reference between resources has, as the REST API v2
 * spells it.
 *
 * @module
 */

/** A reference to another resource, as embedded in a resource (`user_reference`, ...). */
export interface Reference {
  /** The referenced resource's identifier. */
  id: string;
  /** The reference type: the resource type plus `_reference`. */
  type: string;
  /** A short human-readable name of the referenced resource. */
  summary: string;
  /** The referenced resource's full URL. */
  self: string;
  /**
   * The referenced resource's web page, as the REST API gives on references. Every
   * reference the emulator builds has it; optional so that hand-made ones need not.
   */
  html_url?: string;
}

/** Fields every top-level resource has. */
export interface ResourceBase {
  /** The identifier (`P` and six characters). */
  id: string;
  /** The resource type (`user`, `service`, ...). */
  type: string;
  /** A short human-readable name. */
  summary: string;
  /** The resource's full URL on the emulator. */
  self: string;
  /**
   * The resource's web page on the emulator's fictional account,
   * `https://emulator.pagerduty.invalid/...`: never reachable (`.invalid` is reserved), but
   * it carries the account subdomain, `emulator`, as the service's web URLs do.
   */
  html_url: string;
}
