import { notFound } from 'next/navigation';

/** Every path under a locale that no page matches renders the localized 404 inside the shell (with status 404). */
export default function CatchAll() {
  notFound();
}
