import { describe, expect, it } from 'vitest';
import { serverEnv } from '@/scripts/server-env';

describe('serverEnv', () => {
  it('caps glibc mmap threshold for the production server', () => {
    const env = serverEnv({ NODE_ENV: 'production', PATH: '/usr/bin' });
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
    expect(env.PATH).toBe('/usr/bin');
  });
  it('leaves a value already set alone', () => {
    expect(serverEnv({ NODE_ENV: 'production', MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});
