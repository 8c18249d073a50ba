/** Installs Debian packages the test scripts need (Chromium, faketime) with apt-get, through sudo unless root. */
import { spawnSync } from 'node:child_process';

export function aptInstall(...packages: string[]): boolean {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  return run(['apt-get', 'update']) && run(['apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}
