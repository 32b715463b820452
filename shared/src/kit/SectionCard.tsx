import { useId, type ReactNode } from 'react';
import { Card, Typography } from 'antd';

interface SectionCardProps {
  /** The card's heading (a level-3 heading that names the section for assistive technology). */
  title: ReactNode;
  children: ReactNode;
  /** Announce changes to the section's content politely (a summary that fills in as work finishes). */
  live?: boolean;
  /** Shown under the section, outside it (actions that should not be announced with its content). */
  footer?: ReactNode;
}

/** A card of a screen whose title is a heading that names the region it holds, so it can be found by landmark. */
export function SectionCard({ title, children, live = false, footer }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      title={
        <Typography.Title level={3} id={headingId} style={{ margin: 0, fontSize: 16 }}>
          {title}
        </Typography.Title>
      }
    >
      <section aria-labelledby={headingId} aria-live={live ? 'polite' : undefined}>
        {children}
      </section>
      {footer}
    </Card>
  );
}
