import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS, serverEnv } from '@/scripts/server-env';

describe('serverEnv', () => {
  it('caps glibc mmap threshold for the production server', () => {
    const env = serverEnv({ NODE_ENV: 'production', PATH: '/usr/bin' });
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
    expect(env.PATH).toBe('/usr/bin');
  });
  it('gives every thread of the production server one malloc arena (issue #13)', () => {
    expect(serverEnv({ NODE_ENV: 'production' }).MALLOC_ARENA_MAX).toBe('1');
    expect(serverEnv({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });
  it('leaves a value already set alone', () => {
    expect(serverEnv({ NODE_ENV: 'production', MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});

describe('SERVER_NODE_ARGS', () => {
  it('are flags this Node accepts (an unknown one stops node with "bad option")', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_ARGS, '-e', 'process.stdout.write(process.execArgv[0])'], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
      status: 0,
      stderr: '',
      stdout: '--heap-growing-percent=40',
    });
  });
});
