// A screen the caller's staff role does not grant: said plainly, with the way back, rather than a
// list that would fail on the server's refusal.
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { detailTexts } from './detailTexts';
import { adminTexts } from './texts';

export function NotGranted({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | ${adminTexts.panelTitle}`;
  }, [title]);
  return (
    <section className="admin-screen admin-not-found" aria-labelledby="admin-not-granted-title">
      <h2 id="admin-not-granted-title" className="admin-screen-title">
        {title}
      </h2>
      <p role="status">{adminTexts.notGranted}</p>
      <Link to="/admin/dashboard" className="admin-button admin-button-secondary">
        {detailTexts.backToPanel}
      </Link>
    </section>
  );
}
