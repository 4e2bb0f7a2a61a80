/*
 * An activity's description is rich text written in the dashboard and shown on someone else's
 * website. It is parsed inertly (DOMParser runs no scripts and loads nothing) and rebuilt from
 * an allow-list, so a stray <script>, onerror= or javascript: link can never run on the
 * organiser's page, whatever got saved.
 *
 * Host pages that require Trusted Types (`require-trusted-types-for 'script'`) refuse a plain
 * string to DOMParser, so the string goes through our named policy, TRUSTED_TYPES_POLICY, which
 * organisers with a `trusted-types` directive must allow. The policy object never leaves this
 * module and its only use is the inert parse above the allow-list, so passing the text through
 * unchanged is safe here. A page that forbids the policy still gets the description, as text.
 */
import { TRUSTED_TYPES_POLICY } from '../../../embed-snippet/csp.ts';

/** The slice of the Trusted Types API we use; TypeScript's DOM library does not declare it yet. */
interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createHTML: (input: string) => string },
  ): {
    createHTML(input: string): unknown;
  };
}

type Parsable = Parameters<DOMParser['parseFromString']>[0];

// undefined: not asked yet; null: no Trusted Types here, or the page's CSP refused our policy.
let policy: ReturnType<TrustedTypesFactory['createPolicy']> | null | undefined;

function parsable(html: string): Parsable | null {
  const factory = (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (!factory) return html;
  if (policy === undefined) {
    try {
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (input) => input });
    } catch {
      policy = null;
      console.error(
        `Classwise: this page's Content-Security-Policy does not allow the Trusted Types policy "${TRUSTED_TYPES_POLICY}"; add it to the trusted-types directive to show formatted activity descriptions.`,
      );
    }
  }
  return policy ? (policy.createHTML(html) as Parsable) : null;
}

/** Refused a policy: the description's text without its markup, rather than nothing. */
function asText(html: string, doc: Document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|br|li|h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
  const block = doc.createElement('DIV');
  block.style.whiteSpace = 'pre-line';
  block.textContent = text;
  fragment.appendChild(block);
  return fragment;
}
const KEEP = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'UL',
  'OL',
  'LI',
  'A',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'SPAN',
]);
// Whole subtrees dropped, text included: their text is code or styling, not prose.
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'IFRAME',
  'OBJECT',
  'SVG',
  'MATH',
  'NOSCRIPT',
]);
const SAFE_URL = /^(https?:|mailto:|tel:)/i;

function copyInto(target: Node, source: Node, doc: Document) {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (DROP.has(tag)) continue;
    if (!KEEP.has(tag)) {
      // Unknown wrappers (div, font, …) go, their text stays.
      copyInto(target, element, doc);
      continue;
    }
    // Headings inside the description sit below the group's own h3.
    const name = /^H[2-4]$/.test(tag) ? 'H5' : tag;
    const clean = doc.createElement(name);
    if (tag === 'A') {
      const href = element.getAttribute('href')?.trim() ?? '';
      if (SAFE_URL.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
    }
    copyInto(clean, element, doc);
    target.appendChild(clean);
  }
}

/**
 * A safe copy of rich-text HTML as a fragment of `doc`.
 *
 * @example el.replaceChildren(sanitize('<p onclick="x()">Hi <script>x()</script></p>', document))
 */
export function sanitize(html: string, doc: Document): DocumentFragment {
  const input = parsable(html);
  if (input === null) return asText(html, doc);
  const parsed = new DOMParser().parseFromString(input, 'text/html');
  const fragment = doc.createDocumentFragment();
  copyInto(fragment, parsed.body, doc);
  return fragment;
}
