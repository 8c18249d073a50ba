/**
 * The product's icons (lucide's drawings): plain function components with no hooks and no 'use client', so a
 * server component renders them where it stands and a client component as any element. lucide-react's own
 * components are client components that rebuild every attribute object, class list and child element on each
 * render (≈ 10 µs an icon on the server; a signed-in page shows 40–60); these write the same markup from
 * strings made once per icon (≈ 2 µs): the fixed SVG attributes, the icon's class names and its inner markup.
 */
import { createElement, type FC, type SVGProps } from 'react';
import { keptIn } from '../bounded-memo';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML' | 'ref'>;

/** An icon component (as lucide-react's LucideIcon, for the props the product passes). */
export type IconComponent = FC<IconProps>;

/** lucide's default SVG attributes, in its order. */
const SVG = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** True when the props name the icon to assistive technology (lucide then leaves aria-hidden to the caller). */
function accessible(props: object): boolean {
  for (const [k, v] of Object.entries(props)) if ((k.startsWith('aria-') || k === 'role' || k === 'title') && v != null) return true;
  return false;
}

const joined = new Map<string, string>();

/** The icon's classes followed by the caller's, each once, whitespace collapsed (lucide's mergeClasses), memoised. */
function classes(base: string, extra: string): string {
  // Class strings come from the source's literals and their combinations: a bounded set; the cap only guards.
  return keptIn(joined, `${base}\u0000${extra}`, 2000, () => {
    const tokens = new Set<string>();
    for (const t of `${base} ${extra}`.split(/\s+/)) if (t) tokens.add(t);
    return [...tokens].join(' ');
  });
}

/** An icon drawing `inner` (SVG markup) with the classes `base` ('lucide lucide-<name> …'). */
export function icon(name: string, base: string, inner: string): IconComponent {
  const html = { __html: inner };
  const Component: IconComponent = ({ className, ...rest }) =>
    createElement('svg', {
      ...SVG,
      className: className ? classes(base, className) : base,
      ...(accessible(rest) ? null : { 'aria-hidden': 'true' as const }),
      ...rest,
      dangerouslySetInnerHTML: html,
    });
  Component.displayName = name;
  return Component;
}
