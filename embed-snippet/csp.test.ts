import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { embedCode } from './code.ts';
import { cspAdditions, formatPolicy, TRUSTED_TYPES_POLICY, withAdditions } from './csp.ts';

const ORIGIN = 'https://app.classwise.example';

/** How a browser hashes an inline element: SHA-256 over its exact text, base64. */
const browserHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the CSP sources the embed code needs', () => {
  it('allows exactly the inline script and style the pasted snippet holds', async () => {
    const snippet = embedCode({ origin: ORIGIN, clientId: 'c1', template: 'Seamless' });
    const script = /<script>([^<]*)<\/script>/.exec(snippet)![1];
    const style = /<style>([^<]*)<\/style>/.exec(snippet)![1];
    const additions = await cspAdditions(`${ORIGIN}/`);
    expect(additions).toEqual({
      'script-src': [ORIGIN, browserHash(script)],
      'style-src': [browserHash(style)],
      'connect-src': [ORIGIN],
      'frame-src': [ORIGIN],
      'trusted-types': [TRUSTED_TYPES_POLICY],
    });
  });

  it("merges into a site's policy without dropping what the site allowed itself", async () => {
    const additions = await cspAdditions(ORIGIN);
    const merged = withAdditions(
      {
        'default-src': ["'self'"],
        'child-src': ['https://www.youtube.com'],
        'connect-src': ["'none'"],
        'style-src': ["'self'", 'https://fonts.example'],
      },
      additions,
    );
    // Absent script-src fell back to default-src; frame-src to child-src; 'none' gives way.
    expect(merged['script-src']).toEqual(["'self'", ...additions['script-src']]);
    expect(merged['frame-src']).toEqual(['https://www.youtube.com', ORIGIN]);
    expect(merged['connect-src']).toEqual([ORIGIN]);
    expect(merged['style-src']).toEqual([
      "'self'",
      'https://fonts.example',
      ...additions['style-src'],
    ]);
    // Without a trusted-types directive every policy is allowed: adding one would forbid others.
    expect(merged['trusted-types']).toBeUndefined();
    expect(withAdditions({ 'trusted-types': ['dompurify'] }, additions)['trusted-types']).toEqual([
      'dompurify',
      TRUSTED_TYPES_POLICY,
    ]);
  });

  it('writes the header value in directive order', () => {
    expect(formatPolicy({ 'default-src': ["'self'"], 'frame-src': [ORIGIN] })).toBe(
      `default-src 'self'; frame-src ${ORIGIN}`,
    );
  });
});
