/*
 * The widget's CSS, inlined in the JS bundle and adopted by the shadow root as a constructable
 * stylesheet: the host page's styles cannot reach in, ours cannot leak out, and a host page whose
 * Content-Security-Policy forbids inline styles (`style-src 'self'`) still shows it styled, because
 * CSP governs <style> elements and style attributes, not stylesheets built through the CSSOM. Every class carries the `cw-` prefix anyway
 * (the shadow root is open, and a later light-DOM piece such as a dialog must not collide).
 *
 * Organisers can theme the Default template from their own stylesheet through custom properties,
 * which do cross the shadow boundary: `classwise-widget { --cw-accent: #e36414 }`.
 *
 * Default brings its own clean look; Seamless inherits the page's font and colours and drops the
 * card chrome, deriving borders and muted text from currentColor so any palette works. Its fields
 * take the page's text colour over the page's own background (a white field under a dark site's
 * light text hid what a parent typed); a select's popup list is drawn by the browser on its own
 * surface, so options get a fixed readable pair; error and success colours are mixed with the
 * page's text colour (dark red on a light page, light red on a dark one); and on a page with light
 * text (main.tsx adds cw-on-dark) native controls use the dark colour scheme.
 */
import { RESERVED_HEIGHT_PX } from '../../embed-snippet/code.ts';

/** What the listing's first paint needs; the later steps' rules come with them (styles-later.ts). */
export const css = `
:host{display:block;container-type:inline-size}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:border-box}
.cw-root{--cw-a:var(--cw-accent,#0e7490);--cw-line:#e2e8f0;--cw-muted:#5b6675;--cw-skel:#e8edf2;text-align:left}
.cw-default{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c2733;letter-spacing:normal}
.cw-seamless{font:inherit;color:inherit;--cw-line:color-mix(in srgb,currentColor 22%,transparent);--cw-muted:color-mix(in srgb,currentColor 72%,transparent);--cw-skel:color-mix(in srgb,currentColor 10%,transparent)}
.cw-root :is(h3,h4,p,ul,ol,table){margin:0}
.cw-root ul{padding:0;list-style:none}
.cw-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.cw-loading{min-height:${RESERVED_HEIGHT_PX}px}
.cw-list{display:grid;gap:16px}
.cw-card{display:grid;gap:14px 24px;padding:20px;border:1px solid var(--cw-line);border-radius:12px;background:#fff;box-shadow:0 1px 2px rgba(16,24,40,.05)}
.cw-seamless .cw-card{padding:20px 0 4px;border:0;border-top:1px solid var(--cw-line);border-radius:0;background:none;box-shadow:none}
@container (min-width:600px){.cw-card{grid-template-columns:1fr minmax(220px,36%)}.cw-side{border-left:1px solid var(--cw-line);padding-left:24px}}
.cw-main,.cw-side{display:flex;flex-direction:column;gap:10px;min-width:0}
.cw-title{font-size:1.2em;font-weight:650;line-height:1.3}
.cw-linkbtn{all:unset;cursor:pointer;color:inherit;text-decoration:underline;text-underline-offset:3px}
.cw-meta{display:flex;flex-wrap:wrap;gap:6px 14px;color:var(--cw-muted);font-size:.93em}
.cw-age{color:var(--cw-a);font-weight:600}
.cw-seamless .cw-age{color:inherit}
.cw-label{font-size:.78em;font-weight:650;letter-spacing:.06em;text-transform:uppercase;color:var(--cw-muted)}
.cw-dates{display:grid;grid-template-columns:max-content 1fr auto;gap:4px 14px}
.cw-left{color:var(--cw-muted);font-size:.93em;white-space:nowrap}
.cw-full{color:inherit;font-weight:600}
.cw-unavail{display:block;font-weight:600}
.cw-dates li{display:contents}
.cw-dates b{font-weight:600}
.cw-count{color:var(--cw-muted);font-size:.93em}
.cw-prices li{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:5px 0;border-bottom:1px dashed var(--cw-line)}
.cw-prices li:last-child{border-bottom:0}
.cw-price{font-weight:650;white-space:nowrap;font-variant-numeric:tabular-nums}
.cw-was{font-weight:400;color:var(--cw-muted);margin-right:6px}
.cw-unit{font-weight:400;color:var(--cw-muted);font-size:.88em;margin-left:4px}
.cw-actions{display:flex;justify-content:flex-end;margin-top:auto;padding-top:4px}
.cw-btn{font:inherit;font-weight:600;cursor:pointer;border:1px solid var(--cw-a);background:var(--cw-a);color:#fff;padding:9px 26px;border-radius:8px;line-height:1.3}
.cw-btn:hover{filter:brightness(.92)}
.cw-seamless .cw-btn{background:transparent;color:inherit;border-color:currentColor}
.cw-seamless .cw-btn:hover{filter:none;background:color-mix(in srgb,currentColor 8%,transparent)}
.cw-btn-full .cw-actions .cw-btn{width:100%}
.cw-ghost{font:inherit;cursor:pointer;background:none;border:0;padding:4px 0;color:var(--cw-a);font-weight:600}
.cw-seamless .cw-ghost{color:inherit;text-decoration:underline}
:is(.cw-btn,.cw-ghost,.cw-linkbtn):focus-visible,.cw-focus:focus-visible{outline:3px solid var(--cw-a);outline-offset:2px;border-radius:6px}
.cw-seamless :is(.cw-btn,.cw-ghost,.cw-linkbtn):focus-visible{outline-color:currentColor}
.cw-legend{margin-top:14px;font-size:.88em;color:var(--cw-muted)}
.cw-more{margin-top:12px;text-align:center}.cw-more .cw-list{margin-top:0}.cw-more .cw-ghost{padding:12px 16px}
.cw-notice{padding:28px 20px;border:1px dashed var(--cw-line);border-radius:12px;text-align:center;color:var(--cw-muted)}
.cw-error{display:flex;flex-direction:column;align-items:center;gap:12px;padding:24px 20px;border:1px solid #f3c1bd;background:#fdf3f2;border-radius:12px;color:#8a1c13;text-align:center}
.cw-seamless .cw-error{background:none;border-color:currentColor;color:inherit}
.cw-error small{color:var(--cw-muted)}
.cw-skel{display:block;height:14px;border-radius:6px;background:var(--cw-skel)}
.cw-skel-card{min-height:148px}
@media (prefers-reduced-motion:no-preference){.cw-skel{animation:cw-pulse 1.4s ease-in-out infinite}}
@keyframes cw-pulse{50%{opacity:.45}}
.cw-detail{display:flex;flex-direction:column;gap:18px}
.cw-bar{display:flex;justify-content:flex-end;align-items:baseline;gap:20px;margin-bottom:8px}
.cw-bar{flex-wrap:wrap}.cw-bar .cw-ghost{white-space:nowrap}.cw-bar .cw-crumb{margin-right:auto}
.cw-crumb,.cw-who{color:var(--cw-muted);font-size:.93em;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
.cw-root :is(input:not([type=checkbox],[type=radio]),select,textarea){font:inherit;color:inherit;background:#fff;border:1px solid #858f9e;border-radius:8px;padding:8px 10px;max-width:100%}
.cw-root.cw-seamless :is(input:not([type=checkbox],[type=radio]),select,textarea){color:inherit;background:transparent;border-color:color-mix(in srgb,currentColor 55%,transparent)}
.cw-seamless option{color:#1c2733;background:#fff}
.cw-on-dark .cw-seamless{color-scheme:dark}
.cw-root :is(input,select,textarea):focus-visible{outline:3px solid var(--cw-a);outline-offset:1px}
.cw-filter{display:flex;align-items:center;gap:8px;margin:0 0 12px;font-weight:600}
`;

let sheet: CSSStyleSheet | undefined;
/** The later steps' rules, once a later step's chunk has brought them (lazy.ts). */
let more = '';
/** The <style> elements of browsers without constructable stylesheets. */
const fallbacks: HTMLStyleElement[] = [];

/**
 * Styles a widget's shadow root. Where constructable stylesheets exist (every browser since
 * 2023), all widgets on the page share one adopted sheet and nothing is returned; elsewhere the
 * returned <style> element is to be put in the root (styled unless the host's CSP forbids it).
 */
export function styleShadowRoot(shadow: ShadowRoot): Node[] {
  if ('adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css + more);
    }
    shadow.adoptedStyleSheets = [sheet];
    return [];
  }
  const style = document.createElement('style');
  style.textContent = css + more;
  fallbacks.push(style);
  return [style];
}

/**
 * Adds the later steps' rules to every widget on the page, after the first paint's (so they win
 * ties, as they did when there was one sheet).
 */
export function addStyles(later: string) {
  if (more) return;
  more = later;
  sheet?.replaceSync(css + more);
  for (const style of fallbacks) style.textContent = css + more;
}
