// The small pages of the trial's local services (the payment gateway's page, the outbox): one
// Persian, right-to-left shell with the product's own typeface, served from this machine, so they
// look right offline and read like the rest of the product.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { escapeHtml } from '../features/catalogue/port';

/** Where each local page serves the typeface (relative to its own origin). */
export const localFontPath = '/_local/vazirmatn.woff2';

let font: Buffer | null | undefined;
/** Vazirmatn (Arabic script, regular) from the installed @fontsource package; null if missing. */
export function localFont(): Buffer | null {
  if (font === undefined) {
    try {
      font = readFileSync(createRequire(import.meta.url).resolve('@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2'));
    } catch {
      font = null;
    }
  }
  return font;
}

/** A whole page: `body` is HTML already escaped by the caller; `title` is text. */
export function localPage(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}<title>${escapeHtml(title)}</title><style>
@font-face{font-family:Vazirmatn;src:url(${localFontPath}) format("woff2");font-display:swap}
*{box-sizing:border-box}
body{margin:0;font-family:Vazirmatn,Tahoma,sans-serif;background:#f4f5f7;color:#1c2024;line-height:1.8}
main{max-width:44rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e0e1e6;border-radius:12px;padding:1.25rem 1.5rem;margin-bottom:1rem;overflow-wrap:anywhere}
h1{font-size:1.35rem;margin:0 0 .5rem}
.note{background:#fff8e6;border:1px solid #f3d68a;border-radius:8px;padding:.5rem .75rem;font-size:.9rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#60646c}dd{margin:0}
.amount{font-size:1.4rem;font-weight:700}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1rem}
.actions form{flex:1 1 10rem;margin:0}
button{font:inherit;width:100%;padding:.7rem 1rem;border-radius:8px;border:1px solid #c1c4cc;background:#fff;cursor:pointer}
button.pay{background:#0b8a4d;border-color:#0b8a4d;color:#fff;font-weight:700}
ol{list-style:none;padding:0;margin:0}
li.message{border-top:1px solid #e0e1e6;padding:.75rem 0}
li.message:first-child{border-top:0}
.meta{color:#60646c;font-size:.85rem}
.text{white-space:pre-wrap;unicode-bidi:plaintext}
.code{font-weight:700;font-size:1.15rem;letter-spacing:.1em;text-align:right}
</style></head><body><main>${body}</main></body></html>`;
}
