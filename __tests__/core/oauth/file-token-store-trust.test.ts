// Issue 47, points 5 and 6: a FileTokenStore whose lock was planted does not block renewal past the lock's life,
// and a token file someone else could have written is never used as a credential. The renewal engine runs over a
// counting token source and a fake clock that its pauses move: nothing sleeps.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UntrustedFileError } from '../../../src/core/files/untrusted-file-error.js';
import { FileTokenStore } from '../../../src/core/oauth/file-token-store.js';
import { ManagedTokenProvider } from '../../../src/core/oauth/managed-token.js';
import { canGiveAway, giveToNobody, otherUserSkipReason } from '../../helpers/other-user.js';

const YEAR_MS = 365 * 86_400_000;
const PLANTED = { a: { accessToken: 'planted-token', expiresAt: Date.parse('2031-01-01'), lifetime: 3600 } };
const skipOtherUser = otherUserSkipReason();
let dir: string;
let clock: number;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pd-token-trust-'));
  clock = Date.parse('2030-01-01T00:00:00Z');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function provider(file: string) {
  let issued = 0;
  const tokens = new ManagedTokenProvider({
    store: new FileTokenStore(file, () => clock),
    key: 'a',
    now: () => clock,
    earlyRenewal: undefined,
    region: undefined,
    pause: async (milliseconds) => void (clock += milliseconds),
    fetchToken: async () => {
      issued += 1;
      return { accessToken: `own-token-${issued}`, expiresAt: clock + 3_600_000, lifetime: 3600 };
    },
  });
  return { tokens, issued: () => issued };
}

describe('a FileTokenStore lock left behind', () => {
  it('claiming an expiry a year ahead delays renewal by at most its 30 s life, then one token is fetched', async () => {
    const file = path.join(dir, 'tokens.json');
    writeFileSync(`${file}.lock`, String(clock + YEAR_MS), { mode: 0o600 });
    utimesSync(`${file}.lock`, clock / 1000, clock / 1000);
    const started = clock;
    const { tokens, issued } = provider(file);
    expect(await tokens.getToken()).toBe('own-token-1');
    expect(clock - started).toBeGreaterThanOrEqual(30_000);
    expect(clock - started).toBeLessThanOrEqual(30_050);
    expect(issued()).toBe(1);
  });

  it('planted as a link fails the call at once with the fix, and the link is not followed', async () => {
    const file = path.join(dir, 'tokens.json');
    const victim = path.join(dir, 'victim');
    writeFileSync(victim, String(clock + YEAR_MS), { mode: 0o600 });
    symlinkSync(victim, `${file}.lock`);
    const started = clock;
    const { tokens, issued } = provider(file);
    const error = await tokens.getToken().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UntrustedFileError);
    expect((error as Error).message).toContain(`rm ${file}.lock`);
    expect(clock).toBe(started);
    expect(issued()).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe(String(clock + YEAR_MS));
  });
});

describe('a token file someone else could have written', () => {
  async function expectRefused(file: string, reason: string): Promise<void> {
    const { tokens, issued } = provider(file);
    const error = await tokens.getToken().catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(UntrustedFileError);
    expect(error).toMatchObject({ reason });
    // Never used as a credential, nor replaced by a token of the process's own.
    expect(String((error as Error).message)).not.toContain('planted-token');
    expect(issued()).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(PLANTED);
  }

  it('with mode 0644 is refused, its token never sent', async () => {
    const file = path.join(dir, 'tokens.json');
    writeFileSync(file, JSON.stringify(PLANTED));
    chmodSync(file, 0o644);
    await expectRefused(file, 'mode');
  });

  (canGiveAway ? it : it.skip)(
    `owned by another user in a sticky folder writable by all, mode 0644, is refused${skipOtherUser}`,
    async () => {
      const shared = path.join(dir, 'shared');
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      const file = path.join(shared, 'tokens.json');
      writeFileSync(file, JSON.stringify(PLANTED));
      chmodSync(file, 0o644);
      giveToNobody(file);
      await expectRefused(file, 'owner');
    },
  );

  it("of the user's own, mode 0600, is used (the store's token is shared)", async () => {
    const file = path.join(dir, 'tokens.json');
    writeFileSync(file, JSON.stringify(PLANTED), { mode: 0o600 });
    const { tokens, issued } = provider(file);
    expect(await tokens.getToken()).toBe('planted-token');
    expect(issued()).toBe(0);
  });
});
