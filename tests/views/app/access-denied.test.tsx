/**
 * The access-denied screen says why the console is closed: not an administrator, or an
 * administrator whose membership was deactivated (GET /api/me answers `isActive: false`).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, type MembershipResult, type SessionCheck } from '../../../src/machines/auth';
import type { MeResponse } from '../../../src/contract/api';
import { ACCESS_DENIED_TITLE, AccessDenied } from '../../../src/views/app/AccessDenied';
import { getSystem } from '../../../src/views/theme/system';

const EMAIL = 'lee@summit.example';

async function renderFor(me: Pick<MeResponse, 'role' | 'isAdmin' | 'isActive'>) {
  const membership: MeResponse = {
    memberId: 'm-1',
    name: 'Lee Park',
    email: EMAIL,
    organization: { id: 'org-1', name: 'Summit Builders' },
    ...me,
  };
  const auth = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise<SessionCheck>(async () => ({
          user: { username: 'u-lee', email: EMAIL, attributes: { sub: 's-lee', email: EMAIL } },
          pending: null,
        })),
        loadMembership: fromPromise<MembershipResult>(async () => ({ kind: 'member', me: membership })),
      },
    }),
  ).start();
  await waitFor(auth, (s) => s.matches({ signedIn: 'notAdministrator' }));
  render(
    <ChakraProvider value={getSystem()}>
      <AccessDenied auth={auth} />
    </ChakraProvider>,
  );
  expect(screen.getByRole('heading', { name: ACCESS_DENIED_TITLE })).toBeInTheDocument();
}

describe('Access denied', () => {
  it('tells a member who is not an administrator to use the app', async () => {
    await renderFor({ role: 'Field Worker', isAdmin: false, isActive: true });
    expect(screen.getByText(/but this account is not an administrator of an organization/)).toBeInTheDocument();
    expect(screen.getByText(/Use the Hardline app on your phone/)).toBeInTheDocument();
  });

  it('tells a deactivated administrator that the membership was deactivated, and who can reactivate it', async () => {
    await renderFor({ role: 'Admin', isAdmin: false, isActive: false });
    expect(
      screen.getByText(
        /\(Admin at Summit Builders\), but this membership has been deactivated\. Ask another administrator of Summit Builders to reactivate it\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/not an administrator/)).not.toBeInTheDocument();
  });
});
