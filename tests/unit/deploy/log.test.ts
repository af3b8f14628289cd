// @vitest-environment node
/** The API's log (server/core/log.ts): JSON lines, never an e-mail address, a token or a secret field. */
import { describe, expect, it } from 'vitest';
import { memoryLog } from '../../support/memory-log';
import { scrub, serializeError } from '../../../server/core/log';

const JWT = 'eyJraWQiOiJDb2duaXRvTG9jYWwiLCJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhYmMifQ.c2lnbmF0dXJl';

describe('the log', () => {
  it('masks e-mail addresses and removes tokens from any text', () => {
    expect(scrub('Key (org_id, email)=(o1, ana.lopez@example.com) already exists')).toBe(
      'Key (org_id, email)=(o1, a***@e***) already exists',
    );
    expect(scrub(`Authorization: Bearer ${JWT}`)).toBe('Authorization: Bearer [token]');
    expect(scrub(`token ${JWT} end`)).toBe('token [token] end');
  });

  it("logs an error as its type, code, message and stack, never a driver's detail", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "members_org_id_email_key"'), {
      code: '23505',
      detail: 'Key (org_id, email)=(o1, ana@example.com) already exists.',
    });
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', message: error.message });
    expect(JSON.stringify(logged)).not.toContain('ana@example.com');
  });

  it('writes one JSON line, with the level by name, and redacts secret fields and scrubs messages', () => {
    const { log, entries } = memoryLog();
    log.info(
      { reqId: 'r1', body: { email: 'ana@example.com', password: 'Hunter#2026', refreshToken: JWT } },
      `signed in ana@example.com with ${JWT}`,
    );
    log.flush();
    const [line] = entries();
    expect(line).toMatchObject({ level: 'info', reqId: 'r1', service: 'hardline-api', msg: 'signed in a***@e*** with [token]' });
    expect(line?.['body']).toEqual({ email: '[redacted]', password: '[redacted]', refreshToken: '[redacted]' });
    expect(typeof line?.['time']).toBe('string');
  });
});
