import type { ReactNode } from 'react';

/**
 * The description's text with its `code` spans as <code>: the OpenAPI texts use Markdown's
 * backticks for paths, fields and headers, and nothing else of Markdown.
 *
 * @example <Prose text="Send `Authorization: Bearer`." />
 */
export function Prose({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let offset = 0;
  text.split('`').forEach((part, index) => {
    // Keyed by where the part starts in the text: stable for the same text.
    parts.push(index % 2 === 1 ? <code key={offset}>{part}</code> : part);
    offset += part.length + 1;
  });
  return <>{parts}</>;
}
