/**
 * The changes the store announces to whoever listens (the webhook deliveries): what
 * happened to which incident or service, by whom and when. Announced synchronously, at
 * the moment of the change, so a listener can take a snapshot before anything else moves.
 *
 * @module
 */
import type { Incident, Reference, Service } from './resources.js';

/** The incident changes the emulator makes, by the V3 webhook event type they map to. */
export type IncidentChangeType =
  | 'incident.triggered'
  | 'incident.acknowledged'
  | 'incident.resolved'
  | 'incident.annotated'
  | 'incident.reassigned'
  | 'incident.escalated'
  | 'incident.priority_updated';

/** The service changes the emulator makes, by the V3 webhook event type they map to. */
export type ServiceChangeType = 'service.created' | 'service.updated' | 'service.deleted';

/** The note an `incident.annotated` change adds. */
export interface IncidentNoteChange {
  /** The note's id (its log entry's). */
  id: string;
  /** The note's text. */
  content: string;
}

/** An incident changed. */
export interface IncidentChange {
  /** Always `incident`. */
  kind: 'incident';
  /** What happened. */
  type: IncidentChangeType;
  /** The incident, as it is right after the change. */
  incident: Incident;
  /** Who did it: a user or the service (Events API). */
  agent: Reference;
  /** When. */
  at: Date;
  /** The note, for `incident.annotated`. */
  note?: IncidentNoteChange;
}

/** A service changed. */
export interface ServiceChange {
  /** Always `service`. */
  kind: 'service';
  /** What happened. */
  type: ServiceChangeType;
  /** The service, as it is right after the change. */
  service: Service;
  /** Who did it, when known. */
  agent: Reference | null;
  /** When. */
  at: Date;
}

/** A webhook subscription's ping was asked for. */
export interface PingChange {
  /** Always `ping`. */
  kind: 'ping';
  /** The subscription to ping. */
  subscriptionId: string;
  /** When. */
  at: Date;
}

/** Anything the store announces. */
export type StoreChange = IncidentChange | ServiceChange | PingChange;

/** Receives the store's changes; must not throw (the store does not catch). */
export type StoreChangeListener = (change: StoreChange) => void;
