import { messages } from '../messages.ts';

/** Upload kinds and the file extensions each accepts (docs/rules/forms-and-messages.md). */
export const UPLOAD_TYPES = {
  image: ['jpeg', 'jpg', 'png', 'gif'],
  attachment: ['jpeg', 'jpg', 'png', 'gif', 'pdf'],
  document: ['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'csv'],
  singleImage: ['jpeg', 'jpg', 'png', 'gif'],
} as const;
export type UploadKind = keyof typeof UPLOAD_TYPES;
/**
 * docs/rules/constants.md: about 4.5 MB, and 10 MB for the single image widget (its hint still says
 * 4.5 MB).
 */
export const MAX_UPLOAD_BYTES = 4_500_000;
export const MAX_SINGLE_IMAGE_BYTES = 10_000_000;

/** The largest file an upload kind accepts. */
export const maxBytesFor = (kind: UploadKind) =>
  kind === 'singleImage' ? MAX_SINGLE_IMAGE_BYTES : MAX_UPLOAD_BYTES;

/** The size refusal names the kind's own limit: 10 MB for the single image widget. */
export const uploadTooLargeMessage = (kind: UploadKind) =>
  kind === 'singleImage' ? messages.singleImageTooLarge : messages.fileTooLarge;

/**
 * Checks one upload (one file at a time): empty drop, count, type by extension, size. Returns
 * the message to show, or null when the file may be uploaded. The server calls it too.
 *
 * @example checkUpload({ kind: 'image', file: { name: 'a.pdf', size: 10 } }) // 'This type of file cannot be uploaded here.'
 */
export function checkUpload(input: {
  kind: UploadKind;
  file: { name: string; size: number } | null | undefined;
  currentCount?: number;
  maxFiles?: number | null;
}): string | null {
  const { kind, file, currentCount = 0, maxFiles } = input;
  if (!file || file.size <= 0) return messages.emptyDrop;
  if (maxFiles != null && currentCount >= maxFiles) return messages.tooManyFiles(maxFiles);
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(UPLOAD_TYPES[kind] as readonly string[]).includes(ext))
    return messages.fileTypeNotAllowed;
  if (file.size > maxBytesFor(kind)) return uploadTooLargeMessage(kind);
  return null;
}
