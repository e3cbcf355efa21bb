/**
 * The help centre's search box filters article titles in the browser (the whole help centre is one small
 * response). Matching ignores case, Latin accents and extra spaces. Devanagari vowel signs are combining
 * marks too, but they change the word (कसे is not कैसे), so only marks outside Devanagari are dropped.
 */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Mn}(?<![\u0900-\u097F])/gu, '')
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

type Searchable = { articles: readonly { title: string }[] };

/** Categories with only the articles whose title contains every word of the query; empty ones dropped. */
export function filterCategories<C extends Searchable>(categories: readonly C[], query: string): C[] {
  const words = normaliseForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories.flatMap((category) => {
    const articles = category.articles.filter((article) => {
      const title = normaliseForSearch(article.title);
      return words.every((word) => title.includes(word));
    });
    // Same category, fewer articles: the spread keeps every other field of C.
    return articles.length > 0 ? [{ ...category, articles } as C] : [];
  });
}
