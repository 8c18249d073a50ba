import { Star } from '@/lib/icons';
import { cn } from '@/components/ui/cn';

/** A product's rating as five stars with its value for screen readers. */
export function Rating({ value, label }: { value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn('size-3.5', i <= value ? 'fill-warning-text text-warning-text' : 'text-border-strong')}
        />
      ))}
    </span>
  );
}
