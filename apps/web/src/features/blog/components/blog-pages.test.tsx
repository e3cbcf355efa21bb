import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetLanguage } from '../../../test/render-app.tsx';
import { renderUi, stubFetch } from '../../../test/render-ui.tsx';
import { BlogArticlePage } from './blog-article-page.tsx';
import { BlogListPage } from './blog-list-page.tsx';

const post = (index: number) => ({
  slug: `post-${index}`,
  title: `Post ${index}`,
  summary: `Summary ${index}`,
  coverUrl: index === 1 ? '/brand/blog/cover.svg' : null,
  publishedAt: '2026-01-15T12:00:00.000Z',
});

describe('blog list', () => {
  beforeEach(() => resetLanguage());

  it('loads more pages until the last one', async () => {
    const fetchStub = stubFetch({
      '/wps/content/blog': (url: URL) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        const list = pageNo === 1 ? [post(1), post(2)] : [post(3)];
        return { list, pageNum: pageNo, totalPages: 2, total: 3 };
      },
    });
    renderUi(<BlogListPage />, { path: '/blog' });
    expect(await screen.findAllByTestId('blog-card')).toHaveLength(2);
    expect(screen.getByTestId('blog-count').textContent).toBe('Showing 2 of 3 posts');
    const cover = screen.getAllByTestId('blog-card')[0]?.querySelector('img');
    expect(cover?.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: 'Post 1' }).getAttribute('href')).toBe('/blog/post-1');

    await userEvent.click(screen.getByTestId('blog-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('blog-card')).toHaveLength(3));
    expect(screen.queryByTestId('blog-load-more')).toBeNull();
    expect(String(fetchStub.mock.calls.at(-1)?.[0])).toContain('pageNo=2');
  });

  it('says so when there are no posts', async () => {
    stubFetch({ '/wps/content/blog': { list: [], pageNum: 1, totalPages: 0, total: 0 } });
    renderUi(<BlogListPage />, { path: '/blog' });
    expect((await screen.findByTestId('blog-empty')).textContent).toContain('No posts yet');
  });
});

describe('blog article', () => {
  beforeEach(() => resetLanguage());

  it('shows title, date as yyyy-MM-dd, sanitised body and a way back', async () => {
    stubFetch({
      '/wps/content/blog/post-1': { ...post(1), content: '<p>Hello <img src=x onerror="alert(1)"></p>' },
    });
    renderUi(<BlogArticlePage slug="post-1" />, { path: '/blog/post-1' });
    const body = await screen.findByTestId('blog-article-body');
    expect(body.innerHTML).not.toContain('onerror');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Post 1');
    expect(screen.getByTestId('blog-article-date').textContent).toBe('2026-01-15');
    expect(screen.getByTestId('blog-back').getAttribute('href')).toBe('/blog');
  });

  it('shows the not-found state for an unknown slug', async () => {
    stubFetch({});
    renderUi(<BlogArticlePage slug="nope" />, { path: '/blog/nope' });
    expect(await screen.findByTestId('not-found-state')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Post not found');
  });
});
