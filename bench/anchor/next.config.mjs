import path from 'node:path';

/**
 * The anchor of `npm run bench:ratio`: a minimal Next.js app of the repository's own Next version
 * (resolved from the repository's node_modules), built and started in production mode like QUANTUM.
 * Its build output (.next/) is ignored by git, eslint and the main app's tools.
 */
/** @type {import('next').NextConfig} */
const config = {
  poweredByHeader: false,
  // next and react live in the repository's node_modules, two levels up.
  turbopack: { root: path.resolve(import.meta.dirname, '../..') },
  outputFileTracingRoot: path.resolve(import.meta.dirname, '../..'),
};

export default config;
