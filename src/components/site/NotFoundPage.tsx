import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>صفحه‌ای که دنبالش بودید پیدا نشد</h1>
      <p>ممکن است نشانی اشتباه باشد یا این صفحه حذف شده باشد.</p>
      <Link to="/">بازگشت به صفحه اصلی</Link>
    </main>
  );
}
