import { useId, useState } from 'react';
import type { LandingFeature } from './landingContent';

/**
 * A landing feature card: the detail list appears while the pointer is over the card or the card has
 * keyboard focus, and a tap toggles it on touch screens.
 */
export function FeatureCard({ feature, icon }: { feature: LandingFeature; icon: React.ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const detailsId = useId();
  const expanded = hovered || focused || pinned;

  return (
    <article
      className={`landing-card${expanded ? ' landing-card--expanded' : ''}`}
      tabIndex={0}
      aria-expanded={expanded}
      aria-controls={detailsId}
      aria-label={feature.title}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => setPinned((value) => !value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          setPinned((value) => !value);
        }
      }}
    >
      <div className="landing-card__icon" aria-hidden>
        {icon}
      </div>
      <h3 className="landing-card__title">{feature.title}</h3>
      <p className="landing-card__summary">{feature.summary}</p>
      <ul id={detailsId} className="landing-card__details" hidden={!expanded}>
        {feature.details.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      {!expanded ? <span className="landing-card__hint">Hover, focus or tap for details</span> : null}
    </article>
  );
}
