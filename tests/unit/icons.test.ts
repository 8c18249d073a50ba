/**
 * lib/icons renders exactly what lucide-react renders (the product's icons were lucide-react components): every icon
 * of lib/icons (lib/icons/drawings/*.ts), with the props the product passes and the cases lucide treats specially
 * (an accessible name drops its aria-hidden, classes are merged once each), gives the same markup as lucide-react's
 * component of the same name. And the product imports its icons from @/lib/icons only.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import { describe, expect, test } from 'vitest';
import * as icons from '@/lib/icons';
import { ICONS } from '@/scripts/generate-icons';

const PROPS: Record<string, unknown>[] = [
  {},
  { className: 'size-4 shrink-0' },
  { 'aria-hidden': true, className: 'size-5 text-muted' },
  { 'aria-label': 'Close' },
  { role: 'img', className: 'size-3' },
  { className: '  size-4   lucide size-4 animate-spin ' },
  { className: 'size-4', 'data-testid': 'icon', style: { color: 'red' } },
];

describe('lib/icons', () => {
  test('exports exactly the icons of the generator list', () => {
    expect(Object.keys(icons).sort()).toEqual([...ICONS].sort());
  });

  test.each([...ICONS])('%s renders as lucide-react renders it', (name) => {
    const ours = (icons as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
    const theirs = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
    expect(theirs).toBeDefined();
    for (const props of PROPS) {
      expect(renderToStaticMarkup(createElement(ours, props))).toBe(renderToStaticMarkup(createElement(theirs, props)));
    }
  });

  test('the product imports its icons from @/lib/icons, not lucide-react', () => {
    const root = process.cwd();
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const file = path.join(dir, entry);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry) && /from 'lucide-react'/.test(readFileSync(file, 'utf8')))
          offenders.push(path.relative(root, file));
      }
    };
    for (const dir of ['app', 'components', 'lib', 'services', 'i18n']) walk(path.join(root, dir));
    expect(offenders).toEqual([]);
  });
});
