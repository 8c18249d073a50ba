import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The four tiers of ../shared/ARCHITECTURE.md, enforced on the sources: lib/ is pure, db/ is
 * transport-free, components receive props, services/ sit below the edge, and the template
 * compatibility API lives apart in app/api/(compat)/ with its queries in db/queries/compat/.
 */

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mts)$/;

function filesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  return readdirSync(full).flatMap((name) => {
    const p = path.join(full, name);
    const rel = path.relative(ROOT, p);
    if (statSync(p).isDirectory()) return name === 'node_modules' ? [] : filesUnder(rel);
    return SOURCE.test(name) ? [rel.split(path.sep).join('/')] : [];
  });
}

type Import = { spec: string; target: string | null; typeOnly: boolean };

/** Every import of a source file (static, dynamic, re-export, vi.mock), resolved to a repository path where it is ours. */
export function importsOf(file: string, source: string): Import[] {
  const out: Import[] = [];
  const re = /(?:^|\n)\s*(import\s+type\s|export\s+type\s)?[^\n'"`]*?(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)(['"])([^'"\n]+)\2/g;
  for (const m of source.matchAll(re)) {
    const spec = m[3]!;
    let target: string | null = null;
    if (spec.startsWith('@/')) target = spec.slice(2);
    else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    out.push({ spec, target, typeOnly: Boolean(m[1]) });
  }
  return out;
}

const tierOf = (target: string) => target.split('/')[0]!;
const violations = (files: string[], bad: (imp: Import, file: string) => boolean) =>
  files.flatMap((file) =>
    importsOf(file, readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((imp) => bad(imp, file))
      .map((imp) => `${file} → ${imp.spec}`),
  );

describe('the tiers', () => {
  it('finds the imports it judges (the checker itself)', () => {
    const sample =
      "import { a } from '@/db/client';\nimport type { B } from '../services/x';\nconst m = await import('@/services/y');\nexport { c } from './z';";
    expect(importsOf('lib/q/file.ts', sample)).toEqual([
      { spec: '@/db/client', target: 'db/client', typeOnly: false },
      { spec: '../services/x', target: 'lib/services/x', typeOnly: true },
      { spec: '@/services/y', target: 'services/y', typeOnly: false },
      { spec: './z', target: 'lib/q/z', typeOnly: false },
    ]);
  });

  it('lib/ is pure: it imports nothing from db/, services/, app/ or components/, not even types', () => {
    expect(
      violations(filesUnder('lib'), (imp) => imp.target !== null && ['db', 'services', 'app', 'components'].includes(tierOf(imp.target))),
    ).toEqual([]);
  });

  it('lib/ uses no server-only module, request context or database driver', () => {
    expect(
      violations(filesUnder('lib'), (imp) =>
        ['server-only', 'next/headers', 'better-sqlite3', 'drizzle-orm', 'next-auth', 'next-auth/jwt'].includes(imp.spec),
      ),
    ).toEqual([]);
  });

  it('db/ is transport-free: no services/, app/, components/ or lib/api (it throws domain errors)', () => {
    expect(
      violations(
        filesUnder('db'),
        (imp) =>
          imp.target !== null && (['services', 'app', 'components'].includes(tierOf(imp.target)) || imp.target.startsWith('lib/api')),
      ),
    ).toEqual([]);
  });

  it('components/ receive props: no value import from db/ or services/ (types of the props are fine)', () => {
    expect(
      violations(
        filesUnder('components'),
        (imp, file) => imp.target !== null && ['db', 'services'].includes(tierOf(imp.target)) && !typeOnlyImport(file, imp.spec),
      ),
    ).toEqual([]);
  });

  it('services/ sit below the edge: no import from app/ or components/', () => {
    expect(violations(filesUnder('services'), (imp) => imp.target !== null && ['app', 'components'].includes(tierOf(imp.target)))).toEqual(
      [],
    );
  });

  it('the compatibility API is fenced: its queries are imported only from app/api/(compat)/, its routes live there', () => {
    const outside = [...filesUnder('app'), ...filesUnder('services')].filter((f) => !f.startsWith('app/api/(compat)/'));
    const leaks = violations(outside, (imp) => imp.target !== null && imp.target.startsWith('db/queries/compat/'));
    // The navbar search and bookmarks serve the shell too; seeding and tests are not the request path.
    expect(leaks.filter((l) => !/^app\/\[locale\]\/\(app\)\/layout\.tsx/.test(l))).toEqual([]);
    const compatAreas = [
      'apps',
      'card',
      'faq',
      'blog',
      'invoice',
      'datatables',
      'bookmarks',
      'profile',
      'pricing',
      'main-search',
      'autocomplete',
      'account-setting',
    ];
    const stray = filesUnder('app/api').filter((f) => f.endsWith('/route.ts') && compatAreas.includes(f.split('/')[2]!));
    expect(stray).toEqual([]);
  });
});

/** True when the import of `spec` in `file` is `import type …` (or every named binding is `type X`). */
function typeOnlyImport(file: string, spec: string): boolean {
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const escaped = spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const statements = [...source.matchAll(new RegExp(`(import|export)([^;]*?)from\\s+['"]${escaped}['"]`, 'g'))];
  return (
    statements.length > 0 &&
    statements.every(
      (m) =>
        /^\s*type\s/.test(m[2]!) ||
        (/^\s*\{([^}]*)\}\s*$/.test(m[2]!) &&
          m[2]!
            .replace(/[{}\s]/g, '')
            .split(',')
            .filter(Boolean)
            .every((b) => b.startsWith('type'))),
    )
  );
}
