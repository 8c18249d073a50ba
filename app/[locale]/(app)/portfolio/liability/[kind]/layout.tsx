import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { isLiabilityKind } from '@/lib/navigation';

type Props = { children: ReactNode; params: Promise<{ locale: string; kind: string }> };

/** Rejects an unknown kind here, outside the page's loading boundary, so the answer is a real 404 before anything streams. */
export default async function LiabilityKindLayout({ children, params }: Props) {
  const { kind } = await params;
  if (!isLiabilityKind(kind)) notFound();
  return children;
}
