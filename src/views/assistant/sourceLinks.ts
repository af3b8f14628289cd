/**
 * Where a source of an answer leads in the console: the screen that shows the same rows, so an
 * answer can be checked against the screens (docs/ASSISTANT.md, Sources that lead somewhere).
 * A member's billing page, User Management with the answer's filters in the URL, the Billing
 * Overview, the Dashboard, or the Activity section. Built here from the source's structured `link`
 * (or a cited member's id), never from the answer's text; other sources (calls, tasks, reports)
 * have no page and are shown as text.
 */
import type { Source } from '../../contract/api';
import { DEFAULT_USERS_VIEW, usersViewQuery } from '../../machines/usersList/view';

export function consolePathOf(source: Source): string | null {
  const link = source.link;
  switch (link?.to) {
    case 'member':
      return `/billing/user/${encodeURIComponent(link.id)}`;
    case 'users':
      return `/users${usersViewQuery({ ...DEFAULT_USERS_VIEW, search: link.search ?? '', status: link.status ?? 'all', role: link.role ?? 'all' })}`;
    case 'billing':
      return '/billing';
    case 'dashboard':
      return '/';
    case 'activity':
      // The Activity section's own spelling (src/machines/activity/view.ts): `?member=<id>`.
      return `/users/activity${link.member ? `?${new URLSearchParams({ member: link.member }).toString()}` : ''}`;
    case undefined:
      return source.type === 'user' && source.id !== '' ? `/billing/user/${encodeURIComponent(source.id)}` : null;
  }
}
