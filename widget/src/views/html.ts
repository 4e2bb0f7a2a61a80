/*
 * An activity's description is rich text written in the dashboard and shown on someone else's
 * website. It is parsed inertly (DOMParser runs no scripts and loads nothing) and rebuilt from
 * an allow-list, so a stray <script>, onerror= or javascript: link can never run on the
 * organiser's page, whatever got saved.
 */
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
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = doc.createDocumentFragment();
  copyInto(fragment, parsed.body, doc);
  return fragment;
}
