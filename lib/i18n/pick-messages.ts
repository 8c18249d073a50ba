/**
 * The part of a message catalogue that a client provider needs. The client receives its messages in
 * every page's payload, so each route sends only the namespaces its client components translate
 * with (tests/unit/client-messages.test.ts checks the lists against the components).
 *
 * A name is a namespace ('portfolio') or a dotted path inside one ('settings.funderSwitch'); the
 * result keeps the catalogue's nesting, so useTranslations('settings.funderSwitch') reads the same.
 * Names missing from the catalogue are skipped (next-intl then reports MISSING_MESSAGE as usual).
 */
export type Messages = Record<string, unknown>;

export function pickMessages(messages: Messages, names: readonly string[]): Messages {
  const out: Messages = {};
  for (const name of names) {
    // Covered by a whole namespace (or a larger part) also asked for; never write into the catalogue's own objects.
    if (names.some((other) => name.startsWith(`${other}.`))) continue;
    const path = name.split('.');
    let from: unknown = messages;
    for (const key of path) from = from !== null && typeof from === 'object' ? (from as Messages)[key] : undefined;
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
