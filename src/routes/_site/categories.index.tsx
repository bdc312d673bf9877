import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { CategoryCard } from '../../components/site/CategoryCard';
import { RouteError } from '../../components/site/RouteError';
import { useSeo } from '../../lib/seo';
import { RoutePending } from '../../components/site/RoutePending';

export const Route = createFileRoute('/_site/categories/')({
  loader: async ({ context: { api } }) => {
    const { data } = await api.GET('/api/Public/categories');
    if (!data) throw new Error('categories unavailable');
    return data;
  },
  component: CategoriesPage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function CategoriesPage() {
  const categories = Route.useLoaderData();
  useSeo({
    title: 'دسته‌بندی دوره‌ها',
    description: 'همه دسته‌بندی‌های دوره‌های آنلاین و حضوری آکادمی برای کودکان و نوجوانان',
  });
  return (
    <div className="page">
      <Breadcrumbs current="دسته‌بندی دوره‌ها" />
      <header className="page-head">
        <h1>دسته‌بندی دوره‌ها</h1>
        <p>زمینه مورد علاقه فرزندتان را انتخاب کنید و دوره‌های آن را ببینید.</p>
      </header>
      {categories.length > 0 ? (
        <div className="card-grid">
          {categories.map((category, index) => (
            <CategoryCard key={category.id} category={category} first={index === 0} />
          ))}
        </div>
      ) : (
        <p className="empty-state">هنوز دسته‌بندی فعالی وجود ندارد.</p>
      )}
    </div>
  );
}
