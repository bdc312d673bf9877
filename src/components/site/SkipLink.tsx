// «پرش به محتوای اصلی»: the first stop of the Tab key on every page, site and panel alike, past the
// header and menus to the page's own content. A plain link works before any script; with scripts
// the click puts focus on the content itself (the panel's router would otherwise take the
// address's #fragment for a navigation).
import type { MouseEvent } from 'react';

export const skipLinkText = 'پرش به محتوای اصلی';

export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const content = document.getElementById(target);
    if (!content) return;
    event.preventDefault();
    content.focus();
    content.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={skip}>
      {skipLinkText}
    </a>
  );
}
