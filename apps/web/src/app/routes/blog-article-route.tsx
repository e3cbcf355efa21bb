import { useParams } from 'react-router';
import { BlogArticlePage } from '../../features/blog/components/blog-article-page.tsx';

/** /blog/:slug */
export function BlogArticleRoute() {
  const { slug = '' } = useParams();
  // Keyed on the slug: moving from one post to another starts the page afresh.
  return <BlogArticlePage key={slug} slug={slug} />;
}
