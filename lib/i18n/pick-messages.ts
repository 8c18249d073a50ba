/**
 * The part of a message catalogue that a client provider needs. The client receives its messages in
 * every page's payload, so each route sends only the namespaces its client components translate
 * with (tests/unit/client-messages.test.ts checks the lists against the components).
 *
 * A name is a namespace ('portfolio') or a dotted path inside one ('settings.funderSwitch'); the
 * result keeps the catalogue's nesting, so a translator of the namespace 'settings.funderSwitch' reads the same.
 * Names missing from the catalogue are skipped (next-intl then reports MISSING_MESSAGE as usual).
 */
export type Messages = Record<string, unknown>;

/** The part of `messages` at a dotted path ('settings.funderSwitch'; '' or none: all of it), or undefined. */
export function messagesAt(messages: Messages | undefined, name: string | undefined): unknown {
  let from: unknown = messages;
  for (const key of name ? name.split('.') : []) from = from !== null && typeof from === 'object' ? (from as Messages)[key] : undefined;
  return from;
}

export function pickMessages(messages: Messages, names: readonly string[]): Messages {
  const out: Messages = {};
  for (const name of names) {
    // Covered by a whole namespace (or a larger part) also asked for; never write into the catalogue's own objects.
    if (names.some((other) => name.startsWith(`${other}.`))) continue;
    const path = name.split('.');
    const from = messagesAt(messages, name);
    if (from === undefined) continue;
    let to = out;
    for (const key of path.slice(0, -1)) {
      const next = to[key];
      to = (to[key] = next !== null && typeof next === 'object' ? next : {}) as Messages;
    }
    to[path[path.length - 1]!] = from;
  }
  return out;
}
