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
.cw-notice{padding:28px 20px;border:1px dashed var(--cw-line);border-radius:12px;text-align:center;color:var(--cw-muted)}
.cw-error{display:flex;flex-direction:column;align-items:center;gap:12px;padding:24px 20px;border:1px solid #f3c1bd;background:#fdf3f2;border-radius:12px;color:#8a1c13;text-align:center}
.cw-seamless .cw-error{background:none;border-color:currentColor;color:inherit}
.cw-error small{color:var(--cw-muted)}
.cw-skel{display:block;height:14px;border-radius:6px;background:var(--cw-skel)}
.cw-skel-card{min-height:148px}
@media (prefers-reduced-motion:no-preference){.cw-skel{animation:cw-pulse 1.4s ease-in-out infinite}}
@keyframes cw-pulse{50%{opacity:.45}}
.cw-detail{display:flex;flex-direction:column;gap:18px}
.cw-detail h3{font-size:1.4em;font-weight:650;line-height:1.25;outline:none}
.cw-detail h4{font-size:1.05em;font-weight:650;margin-bottom:6px}
.cw-desc{line-height:1.6}
.cw-desc p{margin:0 0 .6em}
.cw-desc ul{padding-left:1.3em;list-style:disc}
.cw-desc a{color:var(--cw-a)}
.cw-table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
.cw-table :is(th,td){text-align:left;padding:8px 10px 8px 0;border-bottom:1px solid var(--cw-line);vertical-align:top}
.cw-table th{font-size:.85em;font-weight:650;color:var(--cw-muted)}
.cw-table tbody tr:last-child td{border-bottom:0}
.cw-table small{display:block;color:var(--cw-muted)}
.cw-table .cw-num{text-align:right;padding-right:0}
.cw-panel{padding:20px;border:1px solid var(--cw-line);border-radius:12px;background:#fff}
.cw-seamless .cw-panel{padding:0;border:0;background:none}

.cw-bar{display:flex;justify-content:flex-end;align-items:baseline;gap:20px;margin-bottom:8px}
.cw-bar{flex-wrap:wrap}.cw-bar .cw-ghost{white-space:nowrap}.cw-bar .cw-crumb{margin-right:auto}
.cw-step,.cw-form{display:flex;flex-direction:column;gap:14px}
.cw-step-title{font-size:1.25em;font-weight:650;outline:none}
.cw-steps ol{display:flex;gap:4px;padding:0;margin:6px 0 0;list-style:none;font-size:.85em;color:var(--cw-muted)}
.cw-steps li{flex:1;min-width:0;padding-top:4px;border-top:3px solid var(--cw-line)}
.cw-steps .cw-done{border-color:var(--cw-a)}
.cw-steps [aria-current]{color:inherit;font-weight:650}
.cw-crumb,.cw-who{color:var(--cw-muted);font-size:.93em;display:flex;gap:12px;align-items:baseline;flex-wrap:wrap}
.cw-field{display:flex;flex-direction:column;gap:4px;border:0;padding:0;margin:0;min-width:0}
.cw-field>label,.cw-field legend,.cw-choices legend{font-weight:600;padding:0}
.cw-root :is(input:not([type=checkbox],[type=radio]),select,textarea){font:inherit;color:inherit;background:#fff;border:1px solid #858f9e;border-radius:8px;padding:8px 10px;max-width:100%}
.cw-root.cw-seamless :is(input:not([type=checkbox],[type=radio]),select,textarea){color:inherit;background:transparent;border-color:color-mix(in srgb,currentColor 55%,transparent)}
.cw-seamless option{color:#1c2733;background:#fff}
.cw-root.cw-seamless :is(input,select,textarea)[aria-invalid=true]{border-color:color-mix(in srgb,#d92d20 60%,currentColor)}
.cw-on-dark .cw-seamless{color-scheme:dark}
.cw-root textarea{min-height:80px}
.cw-root :is(input,select,textarea):focus-visible{outline:3px solid var(--cw-a);outline-offset:1px}
.cw-filter{display:flex;align-items:center;gap:8px;margin:0 0 12px;font-weight:600}
.cw-root [aria-invalid=true]{border-color:#b42318}
.cw-field-error,.cw-alert{color:#b42318;font-weight:600}
.cw-alert{padding:10px 14px;border:1px solid #f3c1bd;background:#fdf3f2;border-radius:8px}
.cw-seamless .cw-alert{background:none}
.cw-seamless :is(.cw-field-error,.cw-alert){color:color-mix(in srgb,#d92d20 60%,currentColor);border-color:currentColor}
.cw-seamless .cw-ok{color:color-mix(in srgb,#067647 60%,currentColor)}
.cw-seamless .cw-desc a{color:inherit}
.cw-help,.cw-count small,.cw-check small,.cw-totals small,.cw-booked small{display:block;color:var(--cw-muted);font-size:.88em}
.cw-note{padding:8px 12px;border-left:3px solid var(--cw-a);background:color-mix(in srgb,var(--cw-a) 7%,transparent)}
.cw-ok{color:#067647;font-weight:600}
.cw-ok:empty{display:none}
.cw-choices{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}
.cw-check{display:flex;gap:10px;align-items:flex-start;cursor:pointer}
.cw-check input{margin-top:.3em;width:1.05em;height:1.05em;accent-color:var(--cw-a);flex:none}
.cw-check:has(input:disabled){opacity:.6;cursor:default}
.cw-spread{display:flex;justify-content:space-between;align-items:baseline;gap:12px}
.cw-check.cw-spread>span:nth-of-type(1){flex:1}
.cw-badge{font-weight:600;white-space:nowrap}
.cw-row{display:flex;justify-content:flex-end;align-items:center;gap:12px;flex-wrap:wrap}
.cw-row-start{justify-content:flex-start;align-items:flex-end}
.cw-btn-quiet{background:transparent;color:var(--cw-a)}
.cw-btn:disabled{opacity:.55;cursor:default}
.cw-lines{display:flex;flex-direction:column;gap:10px}
.cw-lines>li{padding-bottom:10px;border-bottom:1px solid var(--cw-line)}
.cw-sub{color:var(--cw-muted);font-size:.93em;padding-left:12px}
.cw-totals{margin:0;display:flex;flex-direction:column;gap:6px;font-variant-numeric:tabular-nums}
.cw-totals>div{display:flex;justify-content:space-between;gap:12px}
.cw-totals dd{margin:0;white-space:nowrap}
.cw-total{font-weight:700;font-size:1.1em;border-top:1px solid var(--cw-line);padding-top:6px}
.cw-hold{font-weight:650;font-variant-numeric:tabular-nums}
.cw-instructions{white-space:pre-line}
.cw-cancel{display:flex;flex-direction:column;gap:10px;margin-top:10px;padding:14px;border:1px dashed var(--cw-line);border-radius:8px;outline:none}
.cw-part{display:flex;flex-direction:column;font-size:.88em;text-transform:capitalize}
`;

let sheet: CSSStyleSheet | undefined;

/**
 * Styles a widget's shadow root. Where constructable stylesheets exist (every browser since
 * 2023), all widgets on the page share one adopted sheet and nothing is returned; elsewhere the
 * returned <style> element is to be put in the root (styled unless the host's CSP forbids it).
 */
export function styleShadowRoot(shadow: ShadowRoot): Node[] {
  if ('adoptedStyleSheets' in shadow && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    shadow.adoptedStyleSheets = [sheet];
    return [];
  }
  const style = document.createElement('style');
  style.textContent = css;
  return [style];
}
