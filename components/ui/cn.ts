/** Joins class names, skipping falsy ones. (No tailwind-merge here: primitives keep their own classes and callers add, not override.) */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
