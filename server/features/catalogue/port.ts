// The catalogue's public face: the site's pages for the server, and what the trial and other features use.
// The only module of this feature that code outside it may import (lint refuses any other).
export { preparePageVersion } from './pageCache';
export { publicTexts } from './public';
export { sitePages } from './sitePages';
export { escapeHtml } from './ssr';
