/** The tool policy's decision as a pure function, and the option's shape check. */
import { describe, expect, it } from '@jest/globals';
import {
  checkToolPolicy,
  McpToolRefusedError,
  needsToolKinds,
  policyRefusal,
  type McpToolCallRequest,
} from '../../../src/core/mcp/tool-policy.js';

const call = (name: string, readOnly: boolean, action?: string): McpToolCallRequest => ({
  name,
  action,
  arguments: action === undefined ? {} : { action },
  readOnly,
});

describe('policyRefusal', () => {
  it('lets every call through without rules', () => {
    expect(policyRefusal({}, call('manage_incidents', false))).toBeUndefined();
  });

  it('refuses a denied tool, and a denied action only for that action', () => {
    expect(policyRefusal({ deny: ['delete_team'] }, call('delete_team', false))).toEqual({
      rule: 'deny',
      matched: { tool: 'delete_team' },
    });
    const policy = { deny: [{ tool: 'manage_incidents', actions: ['resolve'] }] };
    expect(policyRefusal(policy, call('manage_incidents', false, 'resolve'))).toMatchObject({ rule: 'deny' });
    expect(policyRefusal(policy, call('manage_incidents', false, 'acknowledge'))).toBeUndefined();
  });

  it('refuses what no allow entry names; an entry with actions needs the call’s action among them', () => {
    const policy = { allow: ['list_incidents', { tool: 'manage_incidents', actions: ['acknowledge', 'add_note'] }] };
    expect(policyRefusal(policy, call('list_incidents', true))).toBeUndefined();
    expect(policyRefusal(policy, call('manage_incidents', false, 'add_note'))).toBeUndefined();
    expect(policyRefusal(policy, call('manage_incidents', false, 'resolve'))).toEqual({ rule: 'allow' });
    expect(policyRefusal(policy, call('manage_incidents', false))).toEqual({ rule: 'allow' });
    expect(policyRefusal(policy, call('get_incident', true))).toEqual({ rule: 'allow' });
  });

  it('lets deny win over allow', () => {
    expect(policyRefusal({ allow: ['delete_team'], deny: ['delete_team'] }, call('delete_team', false))?.rule).toBe(
      'deny',
    );
  });

  it('refuses writes with allowWrites: false or dryRun, and lets reads go', () => {
    expect(policyRefusal({ allowWrites: false }, call('create_team', false))).toEqual({ rule: 'allowWrites' });
    expect(policyRefusal({ dryRun: true }, call('create_team', false))).toEqual({ rule: 'dryRun' });
    expect(policyRefusal({ allowWrites: false, dryRun: true }, call('list_teams', true))).toBeUndefined();
  });
});

describe('the tool policy option', () => {
  it('says when it must know which tools write', () => {
    expect(needsToolKinds({ allow: ['x'] })).toBe(false);
    expect(needsToolKinds({ dryRun: true })).toBe(true);
    expect(needsToolKinds({ confirm: () => true })).toBe(true);
  });

  it('refuses a malformed policy with what is wrong', () => {
    expect(() => checkToolPolicy('all')).toThrow('toolPolicy must be an object');
    expect(() => checkToolPolicy({ allow: 'x' })).toThrow('toolPolicy.allow must be an array');
    expect(() => checkToolPolicy({ deny: [{ name: 'x' }] })).toThrow('toolPolicy.deny entries must be tool names');
    expect(() => checkToolPolicy({ allow: [{ tool: 'x', actions: 'y' }] })).toThrow('toolPolicy.allow entries');
    expect(() => checkToolPolicy({ dryRun: 'yes' })).toThrow('toolPolicy.dryRun must be a boolean');
    expect(() => checkToolPolicy({ confirm: true })).toThrow('toolPolicy.confirm must be a function');
  });

  it('names the rule in the error', () => {
    const error = new McpToolRefusedError({ name: 'manage_incidents', action: 'resolve' }, 'deny', {
      tool: 'manage_incidents',
      actions: ['resolve'],
    });
    expect(error.message).toBe(
      'tools/call manage_incidents (action resolve) refused by the tool policy: ' +
        'denied by manage_incidents [resolve]; nothing was sent',
    );
    expect(error).toMatchObject({ rule: 'deny', tool: 'manage_incidents', action: 'resolve' });
  });
});
