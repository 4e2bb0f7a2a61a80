import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages, logoProblem } from './organiser-logo.ts';

describe('logoProblem', () => {
  it('accepts a public image of up to 1 MB', () => {
    expect(logoProblem({ mimeType: 'image/png', size: LOGO_MAX_BYTES, isPublic: true })).toBeNull();
  });
  it('refuses a document, a private file and a larger image', () => {
    expect(logoProblem({ mimeType: 'application/pdf', size: 10, isPublic: true })).toBe(
      logoMessages.notImage,
    );
    expect(logoProblem({ mimeType: 'image/png', size: 10, isPublic: false })).toBe(
      logoMessages.notImage,
    );
    expect(logoProblem({ mimeType: 'image/gif', size: LOGO_MAX_BYTES + 1, isPublic: true })).toBe(
      logoMessages.tooLarge,
    );
  });
});
