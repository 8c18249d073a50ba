import { describe, expect, it } from 'vitest';
import { serverEnv } from '@/scripts/server-env';

describe('serverEnv', () => {
  it('caps glibc mmap threshold for the production server', () => {
    const env = serverEnv({ PATH: '/usr/bin' } as NodeJS.ProcessEnv);
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
    expect(env.PATH).toBe('/usr/bin');
  });
  it('leaves a value already set alone', () => {
    expect(serverEnv({ MALLOC_MMAP_THRESHOLD_: '65536' } as NodeJS.ProcessEnv).MALLOC_MMAP_THRESHOLD_).toBe('65536');
  });
});
