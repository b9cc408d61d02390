/**
 * Writing one line of an incident's history (`/log_entries`): shared by every change to an
 * incident, so each leaves the same traces.
 *
 * @module
 */
import type { Incident, LogEntry, LogEntryType, Reference } from './resources.js';
import type { EmulatorStore } from './store.js';

const WORDS: Record<LogEntryType, string> = {
  trigger_log_entry: 'Triggered',
  acknowledge_log_entry: 'Acknowledged',
  resolve_log_entry: 'Resolved',
  annotate_log_entry: 'Note added',
  assign_log_entry: 'Assigned',
  escalate_log_entry: 'Escalated',
  notify_log_entry: 'Notified',
};

/**
 * Writes one line of an incident's history (with `assignees` on assign and escalate
 * entries; `extra` adds a notify entry's `user`, or replaces the summary).
 */
export function logEntry(
  store: EmulatorStore,
  incident: Incident,
  type: LogEntryType,
  agent: Reference,
  at: Date,
  channel: LogEntry['channel'],
  assignees?: Reference[],
  extra: Partial<Pick<LogEntry, 'summary' | 'user'>> = {},
): LogEntry {
  const id = store.ids.next('R', 13);
  return store.logEntries.add({
    id,
    type,
    summary: `${WORDS[type]} by ${agent.summary}`,
    ...store.urls('log_entries', id),
    created_at: at.toISOString(),
    agent,
    channel,
    incident: store.ref(incident),
    service: incident.service,
    teams: incident.teams,
    ...(assignees ? { assignees } : {}),
    ...extra,
  });
}
