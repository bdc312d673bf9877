import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { company } from '../../../schema/rules/company';
import { useSeo } from '../../lib/seo';
import '../../components/site/info.css';

export const Route = createFileRoute('/_site/about-us')({
  component: AboutPage,
});

const values = [
  { title: 'کلاس‌های کوچک', text: 'هر کلاس حداکثر دوازده نفر دارد تا مدرس به همه برسد.' },
  { title: 'یادگیری با پروژه', text: 'بچه‌ها در هر دوره یک پروژه واقعی می‌سازند و به خانواده نشان می‌دهند.' },
  { title: 'گزارش به خانواده', text: 'پدر و مادرها پس از هر فصل گزارش پیشرفت فرزندشان را دریافت می‌کنند.' },
  { title: 'گواهی معتبر', text: 'گواهی پایان دوره با همکاری دانشگاه و سازمان آموزش فنی و حرفه‌ای صادر می‌شود.' },
] as const;

function AboutPage() {
  useSeo({
    title: 'درباره ما',
    description: `${company.name}: داستان، ارزش‌ها و شیوه آموزش ما برای کودکان و نوجوانان در کرج`,
  });
  return (
    <div className="page">
      <Breadcrumbs current="درباره ما" />
      <header className="page-head">
        <h1>درباره {company.name}</h1>
        <p>جایی برای کنجکاوی، ساختن و یاد گرفتن</p>
      </header>
      <div className="info-layout">
        <section className="panel about-story">
          <h2>داستان ما</h2>
          <p>
            آکادمی در سال ۱۳۹۲ با یک کلاس رباتیک کوچک در عظیمیه کرج شروع به کار کرد. چند خانواده می‌خواستند فرزندانشان
            به جای مصرف‌کننده فناوری، سازنده آن باشند؛ امروز بیش از سه هزار کودک و نوجوان در کلاس‌های برنامه‌نویسی،
            رباتیک، طراحی بازی و زبان انگلیسی ما درس خوانده‌اند.
          </p>
          <p>
            دوره‌ها هم حضوری در ساختمان آکادمی برگزار می‌شوند و هم آنلاین، تا خانواده‌های شهرهای دیگر هم بتوانند از
            آن‌ها استفاده کنند. مدرس‌های ما همگی سابقه کار با کودکان دارند و پیش از شروع تدریس دوره تربیت مربی آکادمی را
            می‌گذرانند.
          </p>
          <p>
            آکادمی زیر نظر {company.legalName} فعالیت می‌کند و مجوز آموزشگاه آزاد از سازمان آموزش فنی و حرفه‌ای کشور را
            دارد.
          </p>
        </section>
        <section className="panel">
          <h2>چرا آکادمی؟</h2>
          <ul className="values">
            {values.map((value) => (
              <li key={value.title}>
                <strong>{value.title}</strong>
                <span>{value.text}</span>
              </li>
            ))}
          </ul>
          <Link to="/categories" className="button button--primary">
            دیدن دوره‌ها
          </Link>
        </section>
      </div>
    </div>
  );
}
