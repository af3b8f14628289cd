/** scripts/test/audit.ts: how `npm audit --json` is read, and when it fails the build. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditFails, interpretAudit } from '../../scripts/test/audit';

/** What npm 11 prints when the registry refuses the advisory endpoint (seen here). */
const REFUSED = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});

const report = (vulnerabilities: Record<string, unknown>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts } },
  });

describe('npm audit outcome', () => {
  it('a refused endpoint is "not run", never "clean"; it fails only when the audit is required', () => {
    const outcome = interpretAudit(REFUSED);
    expect(outcome.status).toBe('unavailable');
    expect(outcome.reason).toContain('405');
    expect(auditFails(outcome, false)).toBe(false);
    expect(auditFails(outcome, true)).toBe(true);
  });

  it('output that is not JSON is "not run" too', () => {
    expect(interpretAudit('npm error network ENOTFOUND').status).toBe('unavailable');
    expect(interpretAudit('').reason).toContain('(nothing)');
  });

  it('a clean report passes, with moderate findings counted but not failing', () => {
    const outcome = interpretAudit(report({ 'some-lib': { severity: 'moderate', via: [{ title: 'ReDoS' }] } }, { moderate: 1 }));
    expect(outcome.status).toBe('ran');
    expect(outcome.blocking).toEqual([]);
    expect(auditFails(outcome, true)).toBe(false);
  });

  it('a high or critical advisory fails and names the package and advisory', () => {
    const outcome = interpretAudit(
      report(
        { 'bad-lib': { severity: 'critical', via: [{ title: 'Prototype pollution' }] }, wrapper: { severity: 'high', via: ['bad-lib'] } },
        { high: 1, critical: 1 },
      ),
    );
    expect(auditFails(outcome, false)).toBe(true);
    expect(outcome.blocking).toEqual(['bad-lib (critical): Prototype pollution', 'wrapper (high): via bad-lib']);
  });
});
