/**
 * Maintenance windows: "No new incidents will be created for a service that is in
 * maintenance" (the description of `POST /maintenance_windows`). A window is ongoing from
 * its `start_time` until its `end_time` (exclusive), on the emulator's clock.
 *
 * @module
 */
import type { Reference, ResourceBase } from './resources.js';
import type { EmulatorStore } from './store.js';

/** A maintenance window, as the REST API spells it. */
export interface MaintenanceWindow extends ResourceBase {
  /** Always `maintenance_window`. */
  type: 'maintenance_window';
  /** The order in which the window was created (1, 2, ...). */
  sequence_number: number;
  /** ISO 8601 start: from then on, its services open no incidents. */
  start_time: string;
  /** ISO 8601 end: from then on, they do again. */
  end_time: string;
  /** A description. */
  description: string;
  /** Who created it. */
  created_by: Reference | null;
  /** The services it covers. */
  services: Reference[];
  /** The teams of those services. */
  teams: Reference[];
}

/** The state of a window at `at`, as the list's `filter` names them. */
export function windowState(window: MaintenanceWindow, at: number): 'past' | 'ongoing' | 'future' {
  if (Date.parse(window.end_time) <= at) return 'past';
  return Date.parse(window.start_time) <= at ? 'ongoing' : 'future';
}

/** Whether a list `filter` (`past`, `future`, `ongoing`, `open`: ongoing or future, `all`) takes the window. */
export function windowMatches(window: MaintenanceWindow, filter: string, at: number): boolean {
  const state = windowState(window, at);
  return filter === 'all' || filter === state || (filter === 'open' && state !== 'past');
}

/** The ongoing window that covers a service at `at`, if any. */
export function maintenanceOf(store: EmulatorStore, serviceId: string, at: Date): MaintenanceWindow | undefined {
  const time = at.getTime();
  return store.maintenanceWindows
    .all()
    .find(
      (window) =>
        windowState(window, time) === 'ongoing' && window.services.some((service) => service.id === serviceId),
    );
}
