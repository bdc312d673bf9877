// Keeps a server-rendered page hidden until Vazirmatn's faces are decoded, at most 3 s: laid out
// and painted with the fallback font's metrics first, its text moved when they were ready (CLS up
// to 0.04 on a phone, BENCHMARKS.md "Fonts"). The faces are data: URLs in the fonts' stylesheet
// (src/styles/fonts.css), which the browser decodes only when asked: this asks as soon as the
// sheet is in, rather than at the first layout.
//
// Why a class and not just a render-blocking wait: `blocking="render"` (server/features/catalogue/ssr.ts) holds the
// first paint only until this module starts running, not until its top-level await settles
// (measured: a 2.5 s await here, first paint at 1.2 s). So the page is hidden while the wait runs,
// and the class is set before the first paint because the module blocks rendering until then.
// Without scripts, or if this file never arrives, nothing is hidden. Plain JavaScript in public/,
// outside the bundle: a top-level await in a bundled entry made the bundler split the SPA's chunks
// differently (+16 kB on the admin panel's first screen).
const root = document.documentElement;
root.classList.add('fonts-pending');

async function facesReady() {
  const sheet = document.querySelector('link[data-fonts]');
  if (sheet instanceof HTMLLinkElement && !sheet.sheet) {
    await new Promise((resolve) => {
      sheet.addEventListener('load', resolve, { once: true });
      sheet.addEventListener('error', resolve, { once: true });
    });
  }
  // 'اa' reaches both the Persian and the Latin face of each weight.
  await Promise.all(['400 1em Vazirmatn', '700 1em Vazirmatn'].map((font) => document.fonts.load(font, 'اa')));
}

try {
  await Promise.race([facesReady(), new Promise((resolve) => setTimeout(resolve, 3000))]);
} catch {
  // A face that failed to load is drawn in the fallback font; the page shows either way.
} finally {
  root.classList.remove('fonts-pending');
}
