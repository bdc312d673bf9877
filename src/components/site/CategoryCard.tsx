import { Link } from '@tanstack/react-router';
import { toPersianDigits } from '../../lib/text';
import { imageUrl } from './media';
import type { PublicCategory } from './types';

export function CategoryCard({ category }: { category: PublicCategory }) {
  const cover = imageUrl(category.coverImage);
  return (
    <article className="card category-card">
      <Link to="/categories/$slug" params={{ slug: category.slug }} className="category-card__link">
        <span className="card__media">
          {cover && <img src={cover} alt="" width={640} height={360} loading="lazy" />}
        </span>
        <span className="card__body">
          <span className="card__title">{category.name}</span>
          <span className="category-card__count">{toPersianDigits(category.courseCount)} دوره</span>
        </span>
      </Link>
    </article>
  );
}
