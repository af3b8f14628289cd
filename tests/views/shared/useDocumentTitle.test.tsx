/**
 * The browser's title names the console's page (useDocumentTitle, called by the header), and gives
 * the console's name alone back when the console goes (signing out).
 */
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APP_TITLE, documentTitle, useDocumentTitle } from '../../../src/views/shared/useDocumentTitle';

function Titled({ page }: { page: string }) {
  useDocumentTitle(page);
  return null;
}

describe('useDocumentTitle', () => {
  it("names the page before the console's name, or gives the console's name alone", () => {
    expect(documentTitle('User Management')).toBe('User Management · Hardline Admin Console');
    expect(documentTitle()).toBe(APP_TITLE);
    expect(documentTitle('')).toBe(APP_TITLE);
  });

  it("sets the title as the page changes, and gives the console's name alone back when the screen goes", async () => {
    document.title = APP_TITLE;
    const view = render(<Titled page="Billing Overview" />);
    await waitFor(() => expect(document.title).toBe('Billing Overview · Hardline Admin Console'));
    view.rerender(<Titled page="Assistant" />);
    await waitFor(() => expect(document.title).toBe('Assistant · Hardline Admin Console'));
    view.unmount();
    expect(document.title).toBe(APP_TITLE);
  });
});
