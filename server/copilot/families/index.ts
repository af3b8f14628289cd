/** Every family of questions about a subject, by subject. */
import type { Subject } from '../understand/vocabulary';
import { calls } from './calls';
import { changes } from './changes';
import type { Family } from './family';
import { invoices } from './invoices';
import { members } from './members';
import { subscriptions } from './subscriptions';
import { tasks } from './tasks';
import { transactions } from './transactions';

export const FAMILIES: Readonly<Record<Subject, Family>> = { members, calls, tasks, subscriptions, invoices, transactions, changes };
