import { PageSkeleton } from '@/components/portfolio/page-skeleton';

/** Streamed at once while the page values the book (seconds on a cold 100,000-lease book). */
export default function Loading() {
  return <PageSkeleton cards={2} />;
}
