// The shared no-redirect fetch (issue 26 §4): asks with redirect: 'manual', turns any 3xx with a Location
// into a coded error naming where it pointed (the origin when it leaves, never a path, query or userinfo of
// another origin), and returns every other response as it came.
import { describe, expect, it } from 'vitest';
import { isRedirect, redirectTarget, refuseRedirects } from '../../src/main/net/no-redirect-fetch';

function fakeFetch(status: number, headers: Record<string, string> = {}) {
  const calls: RequestInit[] = [];
  const f: typeof fetch = async (_input, init) => {
    calls.push(init ?? {});
    return new Response(status === 204 || status === 304 ? null : 'body', { status, headers });
  };
  return { f, calls };
}

describe('refuseRedirects', () => {
  it('never lets fetch follow: every request is made with redirect: manual, whatever the caller asked', async () => {
    const { f, calls } = fakeFetch(200);
    const res = await refuseRedirects({ name: 'X', fetch: f })('http://127.0.0.1:1/v1/models', { redirect: 'follow', headers: { authorization: 'Bearer k' } });
    expect(res.status).toBe(200);
    expect(calls).toEqual([{ redirect: 'manual', headers: { authorization: 'Bearer k' } }]);
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} to another origin is a PROVIDER_ERROR naming that origin only`, async () => {
      const { f } = fakeFetch(status, { location: 'https://user:pw@evil.example:8443/collect?key=1#x' });
      await expect(refuseRedirects({ name: 'OpenAI', fetch: f })('https://api.openai.com/v1/chat/completions')).rejects.toMatchObject({
        code: 'PROVIDER_ERROR',
        message: 'OpenAI answered with a redirect to https://evil.example:8443; Monad does not send keys to another address. Check the base URL.',
        details: { redirect: { status, to: 'https://evil.example:8443' }, name: 'OpenAI' },
      });
    });
  }

  it('a 304, or a 3xx without a Location, is returned as it came (nothing to follow)', async () => {
    for (const [status, headers] of [[304, { location: 'http://elsewhere/' }], [300, {}]] as const) {
      const { f } = fakeFetch(status, headers);
      expect((await refuseRedirects({ name: 'X', fetch: f })('http://127.0.0.1:1/')).status).toBe(status);
    }
  });

  it('says what to check when the caller gives it', async () => {
    const { f } = fakeFetch(307, { location: 'http://127.0.0.1:2/' });
    await expect(refuseRedirects({ name: 'The qdrant server', fix: 'Check the vector store address.', fetch: f })('http://127.0.0.1:1/collections')).rejects.toThrow(
      'The qdrant server answered with a redirect to http://127.0.0.1:2; Monad does not send keys to another address. Check the vector store address.',
    );
  });
});

describe('redirectTarget', () => {
  it('names the origin when the redirect leaves it, the address (without query or userinfo) when it stays', () => {
    expect(redirectTarget('http://127.0.0.1:1/v1/models', 'http://127.0.0.1:2/v1/models')).toBe('http://127.0.0.1:2');
    expect(redirectTarget('http://127.0.0.1:1/v1/models', 'https://127.0.0.1:1/v1/models')).toBe('https://127.0.0.1:1');
    expect(redirectTarget('http://127.0.0.1:1/v1/models', '/api/v1/models?token=abc')).toBe('http://127.0.0.1:1/api/v1/models');
    expect(redirectTarget('http://127.0.0.1:1/v1/models', '//evil.example/x')).toBe('http://evil.example');
  });

  it('isRedirect: 3xx with a Location, except 304', () => {
    expect([301, 302, 303, 307, 308].every((s) => isRedirect(s, '/x'))).toBe(true);
    expect(isRedirect(304, '/x')).toBe(false);
    expect(isRedirect(302, null)).toBe(false);
    expect(isRedirect(200, '/x')).toBe(false);
  });
});
