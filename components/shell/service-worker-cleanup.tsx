'use client';

import { useEffect } from 'react';

/** QUANTUM ships no service worker; like the original product, it removes any left over from older versions. */
export function ServiceWorkerCleanup() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => {
        /* not allowed here (e.g. an insecure origin): nothing to clean */
      });
  }, []);
  return null;
}
