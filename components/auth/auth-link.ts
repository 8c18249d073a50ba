/** The text links of the public auth pages (to sign in, to register). Plain module: the client forms use it too. */
export const authLinkClass = 'font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary';
