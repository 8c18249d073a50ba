export const dynamic = 'force-dynamic';

const ROW_CELLS = 8;

/**
 * A dynamic page of a chosen size: an HTML table of `rows` rows (bench/ratio.ts calibrates the count
 * so that the whole response is as large as the QUANTUM page it is compared with).
 */
export default async function Page({ searchParams }) {
  const { rows: raw } = await searchParams;
  const rows = Math.max(0, Math.min(100000, Number(raw) || 0));
  return (
    <main>
      <h1>Anchor</h1>
      <table>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              {Array.from({ length: ROW_CELLS }, (_, j) => (
                <td key={j}>{((i + 1) * 7919 * (j + 3)) % 1000003}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
