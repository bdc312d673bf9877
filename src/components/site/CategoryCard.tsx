import { Link } from '@tanstack/react-router';
import { toPersianDigits } from '../../../schema/rules/text';
import { imageLoading, responsiveImage } from './media';
import type { PublicCategory } from './types';

/** `first`: the page's first card, whose image is loaded at once. */
export function CategoryCard({ category, first = false }: { category: PublicCategory; first?: boolean }) {
  const cover = responsiveImage(category.coverImage, 'card');
  return (
    <article className="card category-card">
      <Link to="/categories/$slug" params={{ slug: category.slug }} className="category-card__link">
        <span className="card__media">
          {cover && <img {...cover} alt="" width={640} height={360} {...imageLoading(first)} />}
        </span>
        <span className="card__body">
          <span className="card__title">{toPersianDigits(category.name)}</span>
          <span className="category-card__count">{toPersianDigits(category.courseCount)} دوره</span>
        </span>
      </Link>
    </article>
  );
}
