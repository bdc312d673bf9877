// Holds a server-rendered page's first paint until Vazirmatn's faces are decoded (they are inside
// the page's stylesheet, src/styles/fonts.css). Chromium decodes them off the main thread and would
// otherwise lay the page out first with the fallback font's metrics and move the text when they
// are ready (CLS up to 0.04). server/ssr.ts loads this `async blocking="render"` after the
// stylesheet: rendering waits until this top-level await settles, never more than 3 s, the block
// period `font-display: block` gives a face anyway (at 1.5 s a starved phone CPU painted before the
// faces were decoded in 2 of ~60 throttled loads, and the text moved). The text 'اa' reaches both
// the Persian and the Latin face of each weight. Plain JavaScript in public/, outside the bundle:
// a top-level await in a bundled entry made the bundler split the SPA's chunks differently (+16 kB
// on the admin panel's first screen).
await Promise.race([
  Promise.all(['400 1em Vazirmatn', '700 1em Vazirmatn'].map((font) => document.fonts.load(font, 'اa'))).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 3000)),
]);
