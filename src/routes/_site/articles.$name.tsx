import { createFileRoute, Link } from '@tanstack/react-router';
import { Breadcrumbs } from '../../components/site/Breadcrumbs';
import { ArticleBody } from '../../components/site/ArticleBody';
import { dataOrNotFound } from '../../components/site/loaders';
import { imageLoading, responsiveImage } from '../../components/site/media';
import { RouteError } from '../../components/site/RouteError';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { useSeo } from '../../lib/seo';
import { toPersianDigits, truncate } from '../../../schema/rules/text';
import { RoutePending } from '../../components/site/RoutePending';
import '../../components/site/article.css';

export const Route = createFileRoute('/_site/articles/$name')({
  loader: async ({ context: { api }, params: { name } }) =>
    dataOrNotFound(await api.GET('/api/Public/articles/{slug}', { params: { path: { slug: name } } })),
  component: ArticlePage,
  errorComponent: RouteError,
  pendingComponent: RoutePending,
});

function ArticlePage() {
  const article = Route.useLoaderData();
  useSeo({ title: article.name, description: truncate(article.excerpt || article.name, 155) });
  const cover = responsiveImage(article.image, 'articleCover');
  return (
    <div className="page article-page">
      <Breadcrumbs trail={[<Link to="/articles">مقالات</Link>]} current={article.name} />
      <article className="article">
        <h1>{toPersianDigits(article.name)}</h1>
        <p className="article__meta">
          نویسنده: {toPersianDigits(article.author)} · {formatJalaliLong(article.createdAt)}
        </p>
        {cover && <img {...cover} alt="" width={1200} height={675} {...imageLoading(true)} className="article__cover" />}
        <ArticleBody html={article.body} />
      </article>
      <Link to="/articles" className="button button--ghost">
        بازگشت به مقالات
      </Link>
    </div>
  );
}
