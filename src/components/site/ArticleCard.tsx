import { Link } from '@tanstack/react-router';
import { formatJalaliLong } from '../../../schema/rules/calendar';
import { imageLoading, responsiveImage } from './media';
import type { PublicArticleSummary } from './types';
import { toPersianDigits } from '../../../schema/rules/text';

/** `first`: the page's first card, whose image is loaded at once. */
export function ArticleCard({ article, first = false }: { article: PublicArticleSummary; first?: boolean }) {
  const cover = responsiveImage(article.image, 'card');
  return (
    <article className="card article-card">
      <Link to="/articles/$name" params={{ name: article.slug }} className="card__media" tabIndex={-1} aria-hidden="true">
        {cover && <img {...cover} alt="" width={640} height={360} {...imageLoading(first)} />}
      </Link>
      <div className="card__body">
        <h3 className="card__title">
          <Link to="/articles/$name" params={{ name: article.slug }}>
            {toPersianDigits(article.name)}
          </Link>
        </h3>
        <p className="article-card__excerpt">{toPersianDigits(article.excerpt)}</p>
        <p className="card__meta">
          {toPersianDigits(article.author)} · {formatJalaliLong(article.createdAt)}
        </p>
      </div>
    </article>
  );
}
