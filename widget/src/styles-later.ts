/*
 * The rules of the steps after the listing (group page, booking form, basket, my bookings,
 * account), fetched with the first later chunk (lazy.ts) rather than in the initial widget.js:
 * every organiser's page pays for the first paint's bytes only. Same conventions as styles.ts.
 */
export const css = `
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
.cw-step,.cw-form{display:flex;flex-direction:column;gap:14px}
.cw-step-title{font-size:1.25em;font-weight:650;outline:none}
.cw-steps ol{display:flex;gap:4px;padding:0;margin:6px 0 0;list-style:none;font-size:.85em;color:var(--cw-muted)}
.cw-steps li{flex:1;min-width:0;padding-top:4px;border-top:3px solid var(--cw-line)}
.cw-steps .cw-done{border-color:var(--cw-a)}
.cw-steps [aria-current]{color:inherit;font-weight:650}
.cw-field{display:flex;flex-direction:column;gap:4px;border:0;padding:0;margin:0;min-width:0}
.cw-field>label,.cw-field legend,.cw-choices legend{font-weight:600;padding:0}
.cw-root.cw-seamless :is(input,select,textarea)[aria-invalid=true]{border-color:color-mix(in srgb,#d92d20 60%,currentColor)}
.cw-root textarea{min-height:80px}
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
.cw-lines>li>span:first-child,.cw-ok{overflow-wrap:anywhere}
.cw-actions{display:flex;flex-direction:column;align-items:stretch;gap:6px;flex-shrink:0}
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
