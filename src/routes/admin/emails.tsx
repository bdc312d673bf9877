// The emails screen (spec §2): the mail is a separate web application; this only opens it.
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';

const configuredMailUrl: unknown = import.meta.env.VITE_MAIL_URL;

/** Set VITE_MAIL_URL at build time to the academy's webmail address. */
const mailUrl =
  typeof configuredMailUrl === 'string' && configuredMailUrl.trim() !== ''
    ? configuredMailUrl
    : 'https://mail.academy.example/';

const emailTexts = {
  title: 'ایمیل',
  open: 'ورود به ایمیل',
  explanation: 'صندوق ایمیل آکادمی در سامانهٔ وب‌میل جداگانه‌ای است و در زبانهٔ تازه‌ای باز می‌شود.',
} as const;

function EmailsScreen() {
  useEffect(() => {
    document.title = `${emailTexts.title} | پنل مدیریت`;
  }, []);

  return (
    <section className="admin-screen" aria-labelledby="emails-title">
      <div className="admin-screen-header">
        <h2 id="emails-title" className="admin-screen-title">
          {emailTexts.title}
        </h2>
      </div>
      <p>{emailTexts.explanation}</p>
      <button
        type="button"
        className="admin-button admin-button-primary"
        onClick={() => window.open(mailUrl, '_blank', 'noopener,noreferrer')}
      >
        {emailTexts.open}
      </button>
    </section>
  );
}

export const Route = createFileRoute('/admin/emails')({
  staticData: { adminNav: { label: 'ایمیل', group: 'system', order: 2 } },
  component: EmailsScreen,
});
