import { highlightParts } from '@/lib/workspace/help-centre';

/** `text` with the runs matching `q` marked (<mark>); plain text when q is empty. */
export function Highlighted({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlightParts(text, q).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-heading">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
