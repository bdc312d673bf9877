// The public pages the benches measure, one of each kind, with slugs read from the running
// server (the seed's catalogue). `BENCH_PAGES=home,course` keeps only the named ones.
import * as v from 'valibot';

const slugs = v.array(v.object({ slug: v.string() }));
const courses = v.object({ courses: v.array(v.object({ slug: v.string(), category: v.object({ slug: v.string() }), teacher: v.nullable(v.object({ slug: v.string() })) })) });

async function read<T extends v.GenericSchema>(schema: T, url: string): Promise<v.InferOutput<T>> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
  return v.parse(schema, await answer.json());
}

export type PageName = 'home' | 'categories' | 'category' | 'course' | 'courses' | 'articles' | 'article' | 'teachers' | 'teacher' | 'about';

export async function publicPages(baseUrl: string, kinds: readonly PageName[]): Promise<Array<readonly [PageName, string]>> {
  const [course] = (await read(courses, `${baseUrl}/api/Public/courses`)).courses;
  const [article] = await read(slugs, `${baseUrl}/api/Public/articles`);
  if (!course || !article || !course.teacher) throw new Error('the seed has no course with a teacher, or no article');
  const category = `/categories/${encodeURIComponent(course.category.slug)}`;
  const addresses: Record<PageName, string> = {
    home: '/',
    categories: '/categories',
    category,
    course: `${category}/${encodeURIComponent(course.slug)}`,
    courses: '/categories?age=9&day=2',
    articles: '/articles',
    article: `/articles/${encodeURIComponent(article.slug)}`,
    teachers: '/teachers',
    teacher: `/teachers/${encodeURIComponent(course.teacher.slug)}`,
    about: '/about-us',
  };
  const only = process.env.BENCH_PAGES?.split(',');
  return kinds.filter((kind) => !only || only.includes(kind)).map((kind) => [kind, addresses[kind]] as const);
}
