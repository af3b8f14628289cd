/** Users and stats shaped like the API's answers (UserSchema), for the users views and walks. */
import { within } from '@testing-library/react';
import type { BillingOverview, User, UserStats } from '../../../src/contract/api';
import type { UsersPage } from '../../../src/machines/usersList';

const FIRST = ['Ana', 'Ben', 'Carla', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Iris', 'Jonah'];
const LAST = ['Diaz', 'Okafor', 'Nguyen', 'Patel', 'Rossi', 'Haddad', 'Kim', 'Larsen', 'Moreau', 'Brooks'];
const ROLES = ['Field Worker', 'Supervisor', 'Project Manager', 'Admin'] as const;

export function makeUser(i: number, overrides: Partial<User> = {}): User {
  const first = FIRST[i % FIRST.length] ?? 'Ana';
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Diaz';
  return {
    userId: `user-${i}`,
    name: `${first} ${last}`,
    email: `${first}.${last}${i}@summit.test`.toLowerCase(),
    phoneNumber: `+1555${String(1000000 + i).slice(-7)}`,
    role: ROLES[i % ROLES.length] ?? 'Field Worker',
    hasLicense: i % 3 === 0,
    isActive: i % 4 !== 3,
    createdAt: new Date(Date.UTC(2026, 0, 5 + (i % 20), 15, 0, 0)).toISOString(),
    devicePhoneNumber: null,
    lastActiveAt: null,
    version: 1,
    ...overrides,
  };
}

export const STATS: UserStats = { total: 60, active: 45, pending: 15, licensed: 20 };

export function makePage(page: number, options: { total?: number; limit?: number; count?: number } = {}): UsersPage {
  const limit = options.limit ?? 25;
  const total = options.total ?? 60;
  const count = options.count ?? Math.max(0, Math.min(limit, total - (page - 1) * limit));
  const users = Array.from({ length: count }, (_, k) => makeUser((page - 1) * limit + k));
  return { list: { users, total, page, limit }, stats: STATS };
}

export const OVERVIEW: BillingOverview = {
  totalUsers: 212,
  subscribedUsers: 140,
  subscriptionBreakdown: { pro: 58, lite: 82, trial: 30, free: 42 },
  unpaidInvoices: 3,
  recentTransactions: [],
};

/** The one element of `role` inside `container` that holds `text` (a row or a card, found as a person reads the page). */
export function itemHolding(container: HTMLElement, role: 'row' | 'listitem', text: string): HTMLElement {
  const found = within(container)
    .getAllByRole(role)
    .filter((item) => within(item).queryAllByText(text).length > 0);
  if (found.length !== 1) throw new Error(`${found.length} ${role}s hold "${text}", expected one`);
  return found[0] as HTMLElement;
}
