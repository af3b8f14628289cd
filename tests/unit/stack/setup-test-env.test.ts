// @vitest-environment node
/** `npm test`'s set-up step names what is missing and the one command that installs it. */
import { describe, expect, it } from 'vitest';
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
