import { useEffect } from 'react';

/** The console's name: the title of index.html and login.html, and the end of every page's title. */
export const APP_TITLE = 'Hardline Admin Console';

/** The browser's title for a page named `page` ('User Management · Hardline Admin Console'), or the console's name alone. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Names the console's page on screen in the browser's title (`document.title`): a tab, a bookmark
 * and the history each say which page it is, and a screen reader announces it (WCAG 2.4.2). Called
 * once, by the console's header. When the console goes (signing out), the console's name alone
 * again, as on Sign In: the login steps are not named, to keep them out of the /login JavaScript,
 * which is at its budget.
 */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
