import { describe, expect, it } from '@jest/globals';
import {
  alertGroupingSettingsParams,
  analyticsRawIncidentsBody,
  incidentNotesRequest,
} from '../../../../src/core/rest/pagination/specialised-requests.js';

describe('incidentNotesRequest', () => {
  it('reads /log_entries with the parameters as given when no incident is named', () => {
    const params = { team_ids: ['T1'], since: '2024-01-01' };
    const request = incidentNotesRequest(undefined, params);
    expect(request).toEqual({ url: '/log_entries', params, warnings: [] });
    expect(request.params).not.toBe(params);
  });

  it("reads the incident's own index, drops team_ids with a warning per key, leaves the caller's object alone", () => {
    const params = { team_ids: ['T1'], 'team_ids[]': ['T2'], since: '2024-01-01' };
    const request = incidentNotesRequest('PINC1', params);
    expect(request.url).toBe('/incidents/PINC1/log_entries');
    expect(request.params).toEqual({ since: '2024-01-01' });
    expect(request.warnings).toEqual([
      'iterIncidentNotes: the query parameter "team_ids" is ignored because incidentId is given',
      'iterIncidentNotes: the query parameter "team_ids[]" is ignored because incidentId is given',
    ]);
    expect(params).toEqual({ team_ids: ['T1'], 'team_ids[]': ['T2'], since: '2024-01-01' });
  });

  it('warns about nothing when the incident query has no team filter', () => {
    expect(incidentNotesRequest('PINC1')).toEqual({ url: '/incidents/PINC1/log_entries', params: {}, warnings: [] });
  });
});

describe('analyticsRawIncidentsBody', () => {
  it('sends the defaults under their wire names, without time_zone unless given', () => {
    const body = analyticsRawIncidentsBody({ urgency: 'high' });
    expect(body).toEqual({ filters: { urgency: 'high' }, order: 'desc', order_by: 'created_at', limit: 100 });
    expect(body).not.toHaveProperty('time_zone');
  });

  it('maps every option to its wire name', () => {
    expect(
      analyticsRawIncidentsBody({}, { order: 'asc', orderBy: 'seconds_to_resolve', limit: 1000, timeZone: 'UTC' }),
    ).toEqual({
      filters: {},
      order: 'asc',
      order_by: 'seconds_to_resolve',
      limit: 1000,
      time_zone: 'UTC',
    });
  });
});

describe('alertGroupingSettingsParams', () => {
  it('sends the default limit, and service_ids[] only when given', () => {
    expect(alertGroupingSettingsParams()).toEqual({ limit: 100 });
    expect(alertGroupingSettingsParams({ serviceIds: ['S1', 'S2'], limit: 5 })).toEqual({
      limit: 5,
      'service_ids[]': ['S1', 'S2'],
    });
  });
});
