import { CreditCard, LayoutDashboard, MessageSquareText, Users, type LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The four navigation items of SPEC §2 Layout. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard },
  { label: 'User Management', href: '/users', icon: Users },
  { label: 'Billing Overview', href: '/billing', icon: CreditCard },
  { label: 'Assistant', href: '/ai', icon: MessageSquareText },
];

export interface PageHeading {
  title: string;
  subtitle?: string;
}

/** The header's title and subtitle per route (SPEC §2 Layout). */
export function headingFor(path: string): PageHeading {
  if (path === '/') return { title: 'Welcome Back', subtitle: "Here's what is happening across your team today." };
  if (path === '/users') return { title: 'User Management', subtitle: 'Find, add and manage the people on your team.' };
  if (path === '/ai') return { title: 'Assistant', subtitle: 'Ask about activity, calls and tasks across your organization.' };
  if (path === '/billing') return { title: 'Billing Overview' };
  if (path.startsWith('/billing/user/')) return { title: 'User Billing' };
  return { title: 'Page not found' };
}

/** Whether a nav item is the current section (Billing stays lit on a user's billing page). */
export function isCurrent(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
