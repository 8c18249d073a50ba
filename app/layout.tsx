import type { ReactNode } from 'react';
import './globals.css';

/**
 * The real root layout is app/[locale]/layout.tsx (it owns <html lang>). This one only exists so that
 * app/not-found.tsx can answer paths outside any locale; it must not render <html> itself.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
