import type { ReactNode } from 'react';
import { useId } from 'react';
import { Card } from '@/ui/Card.tsx';

/** A settings block: title and description on the left, the card on the right (stacked on mobile). */
export function ProfileSection({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-x-8 gap-y-4 py-8 first:pt-0 lg:grid-cols-3">
      <div>
        <h2 id={id} className="text-base font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm leading-6 text-ink-muted">{description}</p>
      </div>
      {/* min-w-0: a grid item is as wide as its content by default, so one long unbroken value (an
          invitation's address) widened the whole page past a phone's screen. */}
      <Card className="min-w-0 lg:col-span-2">{children}</Card>
    </section>
  );
}
