/**
 * The activity trail's routes (src/contract/audit.ts, docs/API.md). The console loads this file
 * with the Activity screen, not with the sign-in page.
 */
import { AuditListResponseSchema, AuditQuerySchema, ExportActivityRequestSchema, ExportActivityResponseSchema } from '../audit';
import { defineRoutes } from './route';

export const auditRoutes = defineRoutes({
  list: {
    operation: 'audit.list',
    method: 'GET',
    path: '/api/audit',
    summary: 'The activity trail, newest first, paged and filtered by who, which member, kind and dates.',
    specifiedIn: 'docs/API.md',
    query: AuditQuerySchema,
    response: AuditListResponseSchema,
  },
  export: {
    operation: 'audit.export',
    method: 'POST',
    path: '/api/audit/export',
    summary: 'A one-time link, valid for a minute, to every entry the filters select, as CSV.',
    specifiedIn: 'docs/API.md',
    body: ExportActivityRequestSchema,
    response: ExportActivityResponseSchema,
    created: true,
  },
});
