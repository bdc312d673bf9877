import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { company } from '../../../schema/rules/company';
import { ContactForm } from '../../components/site/ContactForm';
import { SocialIcons } from '../../components/site/SocialIcons';
import { usePostedForm } from '../../components/site/usePostedForm';
import { Island } from '../../islands/Island';
import { useSeo } from '../../lib/seo';
import '../../components/site/info.css';

export const Route = createFileRoute('/_site/contact-us')({
  component: ContactPage,
});

function ContactPage() {
  const posted = usePostedForm('Contact');
  useSeo({
    title: 'تماس با ما',
    description: `نشانی، تلفن و فرم تماس ${company.name}؛ ${company.address}`,
  });
  return (
    <div className="page">
      <Breadcrumbs current="تماس با ما" />
      <header className="page-head">
        <h1>تماس با ما</h1>
        <p>برای مشاوره انتخاب دوره، پرسش درباره ثبت‌نام یا همکاری با ما در تماس باشید.</p>
      </header>
      <div className="info-layout">
        <section className="panel contact-details" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">راه‌های ارتباطی</h2>
          <dl>
            <div>
              <dt>نشانی</dt>
              <dd>{company.address}</dd>
            </div>
            <div>
              <dt>تلفن</dt>
              <dd>
                <a href={company.phoneHref} dir="ltr">
                  {company.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt>ساعات پاسخ‌گویی</dt>
              <dd>{company.workingHours}</dd>
            </div>
            <div>
              <dt>ایمیل</dt>
              <dd>
                <a href={`mailto:${company.email}`} dir="ltr">
                  {company.email}
                </a>
              </dd>
            </div>
          </dl>
          <div className="contact-details__social">
            <SocialIcons />
          </div>
        </section>
        <section className="panel" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">ارسال پیام</h2>
          <Island name="ContactForm" component={ContactForm} props={posted?.kind === 'form' ? { posted: posted.state } : {}} />
        </section>
      </div>
    </div>
  );
}
