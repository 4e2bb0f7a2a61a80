/*
 * The organiser's logo (docs/rules/messages.md): one of their uploaded images, small enough to
 * load quickly at the top of every e-mail and hosted page. Pure.
 */

/** The largest logo accepted: e-mail clients and phones load it with every message. */
export const LOGO_MAX_BYTES = 1_000_000;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

export const logoMessages = {
  notImage: 'A logo must be a JPEG, PNG or GIF image.',
  tooLarge: 'A logo must be 1 MB or smaller.',
  notFound: 'Upload the logo first, then choose it.',
} as const;

/**
 * Why an uploaded file cannot be the logo, or null when it can: an image the organiser uploaded
 * as public (so e-mails and pages can show it) of at most 1 MB.
 *
 * @example logoProblem({ mimeType: 'image/png', size: 20_000, isPublic: true }) // null
 * @example logoProblem({ mimeType: 'application/pdf', size: 20_000, isPublic: false }) // 'A logo must be a JPEG, PNG or GIF image.'
 */
export function logoProblem(file: { mimeType: string; size: number; isPublic: boolean }) {
  if (!IMAGE_TYPES.includes(file.mimeType) || !file.isPublic) return logoMessages.notImage;
  if (file.size > LOGO_MAX_BYTES) return logoMessages.tooLarge;
  return null;
}
