// @vitest-environment node
/** `npm test`'s and `npm run bench`'s set-up names what is missing and the one command that installs it. */
import { describe, expect, it } from 'vitest';
import { benchNeeds } from '../../../scripts/bench/needs';
import { installCommand, missingPrerequisites } from '../../../scripts/test/setup-test-env';

describe('test prerequisites', () => {
  it('finds a missing browser and database server and names the apt command for both', () => {
    const missing = missingPrerequisites({ CHROME_PATH: '/nonexistent/chromium' }, () => null);
    expect(missing.map((m) => m.aptPackage)).toEqual(['chromium', 'postgresql']);
    expect(installCommand(missing)).toBe('sudo apt-get update && sudo apt-get install -y chromium postgresql');
  });

  it('asks for nothing when both are there', () => {
    expect(missingPrerequisites({ CHROME_PATH: process.execPath }, () => '/usr/lib/postgresql/15/bin')).toEqual([]);
  });
});

describe('bench prerequisites', () => {
  it('asks only for what the measurements it runs use', () => {
    expect(missingPrerequisites({ CHROME_PATH: '/nonexistent/chromium' }, () => null, { chromium: true, postgresql: false })).toEqual([
      { what: 'Chromium (/nonexistent/chromium)', aptPackage: 'chromium' },
    ]);
    expect(
      missingPrerequisites({ CHROME_PATH: '/nonexistent/chromium' }, () => null, { chromium: false, postgresql: true }).map(
        (m) => m.aptPackage,
      ),
    ).toEqual(['postgresql']);
  });

  it('needs Chromium for what it measures in a browser and PostgreSQL for the load unless DATABASE_URL names one', () => {
    expect(benchNeeds(undefined, undefined)).toEqual({ chromium: true, postgresql: true });
    expect(benchNeeds(undefined, 'postgres://db/bench')).toEqual({ chromium: true, postgresql: false });
    for (const only of ['lighthouse', 'users', 'inp']) expect(benchNeeds(only, undefined)).toEqual({ chromium: true, postgresql: false });
    expect(benchNeeds('load', undefined)).toEqual({ chromium: false, postgresql: true });
    expect(benchNeeds('load', 'postgres://db/bench')).toEqual({ chromium: false, postgresql: false });
    for (const only of ['export', 'import', 'copilot']) expect(benchNeeds(only, undefined)).toEqual({ chromium: false, postgresql: false });
  });
});
