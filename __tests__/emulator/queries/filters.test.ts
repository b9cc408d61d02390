import { describe, expect, it } from '@jest/globals';
import {
  auditFilter,
  filterByTeams,
  incidentFilter,
  inWindow,
  matchesAudit,
  matchesIncident,
  matchesLogEntry,
  logEntryFilter,
  matchesText,
  timeWindow,
} from '../../../src/emulator/queries/filters.js';
import { ReplyError } from '../../../src/emulator/server/replies.js';
import { seededStore } from '../seeded-store.js';

const q = (text: string): URLSearchParams => new URLSearchParams(text);

describe('time windows', () => {
  it('are half-open: since included, until excluded', () => {
    const window = timeWindow(q('since=2024-01-01T00:00:00Z&until=2024-01-01T01:00:00Z'));
    expect(inWindow('2024-01-01T00:00:00Z', window)).toBe(true);
    expect(inWindow('2024-01-01T00:59:59.999Z', window)).toBe(true);
    expect(inWindow('2024-01-01T01:00:00Z', window)).toBe(false);
    expect(inWindow('2023-12-31T23:59:59Z', window)).toBe(false);
  });

  it('are open without bounds, and date_range=all drops them', () => {
    expect(inWindow('1999-01-01T00:00:00Z', timeWindow(q('')))).toBe(true);
    expect(timeWindow(q('date_range=all&since=2024-01-01T00:00:00Z'))).toEqual({});
  });

  it('refuse since after until with a 400', () => {
    expect(() => timeWindow(q('since=2024-02-01T00:00:00Z&until=2024-01-01T00:00:00Z'))).toThrow(ReplyError);
  });
});

describe('matchesText', () => {
  it('matches case-insensitive substrings of any field, and everything without text', () => {
    expect(matchesText('LOVE', ['Ada Lovelace', 'ada@example.com'])).toBe(true);
    expect(matchesText('zzz', ['Ada Lovelace'])).toBe(false);
    expect(matchesText(null, ['x'])).toBe(true);
  });
});

describe('filterByTeams', () => {
  const items = [
    { id: 'a', teams: [{ id: 'T1', type: 'team_reference', summary: '', self: '' }] },
    { id: 'b', teams: [] },
  ];
  it('keeps items of the listed teams, or all items without team_ids[]', () => {
    expect(filterByTeams(items, q('team_ids[]=T1')).map((item) => item.id)).toEqual(['a']);
    expect(filterByTeams(items, q('')).map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('incident filters', () => {
  const { store } = seededStore({ seedIncidents: 60 });
  const incidents = store.incidents.all();
  const select = (text: string) => {
    const filter = incidentFilter(q(text));
    return incidents.filter((incident) => matchesIncident(incident, filter));
  };

  it('filter by statuses[]', () => {
    const open = select('statuses[]=triggered&statuses[]=acknowledged');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((incident) => incident.status !== 'resolved')).toBe(true);
    expect(open.length + select('statuses[]=resolved').length).toBe(60);
  });

  it('filter by service_ids[], team_ids[] and user_ids[] (assignees)', () => {
    const service = store.services.all()[0];
    expect(select(`service_ids[]=${service.id}`).every((incident) => incident.service.id === service.id)).toBe(true);
    expect(select(`service_ids[]=${service.id}`)).toHaveLength(20);
    const team = store.teams.all()[0];
    const byTeam = select(`team_ids[]=${team.id}`);
    expect(byTeam.length).toBeGreaterThan(0);
    expect(byTeam.every((incident) => incident.teams.some((ref) => ref.id === team.id))).toBe(true);
    const assigned = incidents.find((incident) => incident.assignments.length > 0);
    const userId = assigned?.assignments[0].assignee.id ?? '';
    const byUser = select(`user_ids[]=${userId}`);
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((incident) => incident.assignments.some((a) => a.assignee.id === userId))).toBe(true);
  });

  it('filter by since/until on created_at', () => {
    // Seeded incidents are one minute apart from 2024-01-01T00:00:00Z.
    expect(select('since=2024-01-01T00:10:00Z&until=2024-01-01T00:20:00Z')).toHaveLength(10);
  });

  it('refuse an unknown status with a 400', () => {
    expect(() => incidentFilter(q('statuses[]=snoozed'))).toThrow(ReplyError);
  });
});

describe('log entry and audit filters', () => {
  const { store } = seededStore({ seedIncidents: 10 });

  it('is_overview leaves notes out', () => {
    const entries = store.logEntries.all();
    expect(entries.filter((entry) => matchesLogEntry(entry, logEntryFilter(q('is_overview=true'))))).toHaveLength(
      entries.length,
    );
    const fake = { ...entries[0], type: 'annotate_log_entry' as const };
    expect(matchesLogEntry(fake, logEntryFilter(q('is_overview=true')))).toBe(false);
    expect(matchesLogEntry(fake, logEntryFilter(q('')))).toBe(true);
  });

  it('root_resource_types[] names collections, escalation_policies included', () => {
    const records = store.auditRecords.all();
    const policies = records.filter((record) =>
      matchesAudit(record, auditFilter(q('root_resource_types[]=escalation_policies'))),
    );
    expect(policies).toHaveLength(store.escalationPolicies.size);
    const users = records.filter((record) =>
      matchesAudit(record, auditFilter(q('root_resource_types[]=users&actions[]=create'))),
    );
    expect(users).toHaveLength(store.users.size);
    expect(records.filter((record) => matchesAudit(record, auditFilter(q('actions[]=delete'))))).toHaveLength(0);
  });
});
