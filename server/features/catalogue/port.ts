// The catalogue's public face: what the server's page serving, the trial and other features use.
// The only module of this feature that code outside it may import (lint refuses any other).
export { registerFormPosts } from './formPosts';
export { PageCache, etagOf, preparePageVersion, sendKeptPage } from './pageCache';
export type { KeptAnswer } from './pageCache';
export { pageStatus } from './pages';
export type { PageStatus } from './pages';
export { publicTexts, registerSeoFiles } from './public';
export { escapeHtml, loadPageRenderer, markOffline } from './ssr';
