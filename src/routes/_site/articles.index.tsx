import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { ArticleCard } from '../../components/site/ArticleCard';
import { RouteError } from '../../components/site/RouteError';
import { useSeo } from '../../lib/seo';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/_site/articles/')({
  loader: async ({ context: { api } }) => {
    const { data } = await api.GET('/api/Public/articles');
    if (!data) throw new Error('articles unavailable');
    return data;
  },
  component: ArticlesPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function ArticlesPage() {
  const articles = Route.useLoaderData();
  useSeo({
    title: 'مقالات',
    description: 'مقاله‌های آموزشی آکادمی درباره یادگیری برنامه‌نویسی، رباتیک و مهارت‌های دیجیتال کودکان',
  });
  return (
    <div className="page">
      <Breadcrumbs current="مقالات" />
      <header className="page-head">
        <h1>مقالات</h1>
        <p>نکته‌ها و راهنمای یادگیری برای پدر و مادرها و نوجوان‌ها</p>
      </header>
      {articles.length > 0 ? (
        <div className="card-grid">
          {articles.map((article, index) => (
            <ArticleCard key={article.id} article={article} first={index === 0} />
          ))}
        </div>
      ) : (
        <p className="empty-state">هنوز مقاله‌ای منتشر نشده است.</p>
      )}
    </div>
  );
}
