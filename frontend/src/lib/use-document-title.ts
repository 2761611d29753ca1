import { useEffect } from 'react';

/** Sets the tab title to "<page> · Cinema DNA" (or just the product name) while the page is shown. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · Cinema DNA` : 'Cinema DNA';
  }, [page]);
}
