import sanitizeHtml from 'sanitize-html';

/*
 * Organisers write activity descriptions as rich text, and the widget shows them on other
 * people's websites: only formatting survives, never scripts, styles, event handlers or
 * javascript: links. Done on the server, so no client can skip it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h2',
    'h3',
    'h4',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/**
 * @example sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();
