/**
 * The route table of the product API, by area. GET /openapi.json is generated from it
 * (server/core/openapi.ts), and a test checks it against the routes the reference API serves.
 *
 * The console imports an area's file where it calls it; this index is for the server and the
 * tools, which read every route at once.
 */
import { accountRoutes } from './account';
import { assistantRoutes } from './assistant';
import { auditRoutes } from './audit';
import { billingRoutes } from './billing';
import { importsRoutes } from './imports';
import type { Route } from './route';
import { usersRoutes } from './users';

const ROUTE_AREAS = {
  account: accountRoutes,
  users: usersRoutes,
  imports: importsRoutes,
  billing: billingRoutes,
  assistant: assistantRoutes,
  audit: auditRoutes,
} as const;

/** Every route of the table, area by area. */
export const ROUTES: readonly Route[] = Object.values(ROUTE_AREAS).flatMap((area) => Object.values(area));
