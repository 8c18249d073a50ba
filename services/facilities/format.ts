/** A decimal rate as a percentage with two decimals ("4.50 %"), locale-free for file cells that hold text. */
export function formatPercentPlain(rate: number): string {
  return `${(rate * 100).toFixed(2)} %`;
}
