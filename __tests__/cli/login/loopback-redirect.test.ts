import { beforeAll, describe, expect, it } from '@jest/globals';
import { startLoopbackRedirect } from '../../../src/cli/login/loopback-redirect.js';
import { openerCommand } from '../../../src/cli/login/open-browser.js';
import { codeFromPasted } from '../../../src/cli/login/pasted-redirect.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('startLoopbackRedirect', () => {
  it('listens on 127.0.0.1 and hands on the code of a redirect that carries the state back', async () => {
    const redirect = await startLoopbackRedirect('s1');
    try {
      expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const page = await fetch(`${redirect.redirectUri}?code=c1&state=s1`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Signed in to PagerDuty');
      await expect(redirect.code).resolves.toBe('c1');
    } finally {
      await redirect.close();
    }
  });

  it('refuses a redirect with another state, and goes on waiting for the right one', async () => {
    const redirect = await startLoopbackRedirect('s1');
    try {
      expect((await fetch(`${redirect.redirectUri}?code=forged&state=other`)).status).toBe(400);
      expect((await fetch(`${redirect.redirectUri}?code=c2&state=s1`)).status).toBe(200);
      await expect(redirect.code).resolves.toBe('c2');
    } finally {
      await redirect.close();
    }
  });

  it("rejects with the identity service's error", async () => {
    const redirect = await startLoopbackRedirect('s1');
    try {
      const answered = fetch(`${redirect.redirectUri}?error=access_denied&error_description=no&state=s1`);
      await expect(redirect.code).rejects.toThrow('the identity service refused: access_denied (no)');
      expect((await answered).status).toBe(400);
    } finally {
      await redirect.close();
    }
  });
});

describe('openerCommand', () => {
  it('opens with open on macOS, the URL handler on Windows, xdg-open elsewhere', () => {
    expect(openerCommand('darwin')).toEqual(['open', []]);
    expect(openerCommand('win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler']]);
    expect(openerCommand('linux')).toEqual(['xdg-open', []]);
  });
});

describe('codeFromPasted', () => {
  it("takes the code of this login's redirect address, and nothing else", () => {
    expect(codeFromPasted(' http://127.0.0.1:8765/callback?code=abc&state=s1 ', 's1')).toBe('abc');
    expect(codeFromPasted('http://127.0.0.1:8765/callback?code=abc&state=other', 's1')).toBeUndefined();
    expect(codeFromPasted('http://127.0.0.1:8765/elsewhere?code=abc&state=s1', 's1')).toBeUndefined();
    expect(codeFromPasted('abc', 's1')).toBeUndefined();
  });
});
