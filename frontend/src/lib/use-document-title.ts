import { useEffect } from 'react';

/** The tab title of a page: "<page> · Cinema DNA", or the product name alone. */
export function documentTitle(page?: string | null): string {
  return page ? `${page} · Cinema DNA` : 'Cinema DNA';
}

/**
 * Refines the tab title while the page is shown (a film's name, a race's code). Every route already
 * has a title of its own from the route table, set by the layout on arrival.
 */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
