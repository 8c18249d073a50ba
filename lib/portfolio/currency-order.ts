/**
 * The one order of currencies on every card that lists figures per currency: the funder's base currency first,
 * then by outstanding principal, largest first, then by code (so equal books never swap places between cards).
 * Currencies the outstanding list does not know (e.g. only arrears left) come last, by code.
 */
export function currencyOrder(baseCurrency: string, outstanding: readonly { currency: string; prin: number }[]): string[] {
  const known = [...outstanding]
    .sort(
      (a, b) =>
        Number(b.currency === baseCurrency) - Number(a.currency === baseCurrency) ||
        b.prin - a.prin ||
        a.currency.localeCompare(b.currency),
    )
    .map((o) => o.currency);
  return known.includes(baseCurrency) ? known : [baseCurrency, ...known];
}

/** `items` in `order` (see currencyOrder); items of currencies outside it keep to the end, by code. */
export function sortByCurrencyOrder<T extends { currency: string }>(items: readonly T[], order: readonly string[]): T[] {
  const rank = (c: string) => {
    const k = order.indexOf(c);
    return k === -1 ? order.length : k;
  };
  return [...items].sort((a, b) => rank(a.currency) - rank(b.currency) || a.currency.localeCompare(b.currency));
}
