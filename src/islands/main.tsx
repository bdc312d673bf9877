// The browser's entry for a server-rendered public page (server/features/catalogue/ssr.ts starts it through
// src/boot.ts). The page is already complete HTML and its links are plain page loads; only its
// islands (src/islands/Island.tsx) need React, so neither the router nor the pages' code is sent.
import { isIslandName, islands } from './registry';

const hydrations = [...document.querySelectorAll<HTMLElement>('academy-island')].map((element) => {
  const name = element.dataset.island ?? '';
  if (!isIslandName(name)) return Promise.reject(new Error(`unknown island "${name}"`));
  return islands[name].hydrate(element);
});

void Promise.allSettled(hydrations).then((results) => {
  for (const result of results) if (result.status === 'rejected') console.error(result.reason);
  // Browser tests act on a page once its islands answer, as a person would.
  document.documentElement.dataset.appReady = 'true';
});
