import { CROWN_COLOUR } from '../gradients';

/** The crown glyph in the §9 crown colour; decorative, the count next to it carries the meaning. */
export function Crown({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill={CROWN_COLOUR}>
      <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" stroke="rgb(120 90 0)" strokeWidth="1" strokeLinejoin="round" />
    </svg>
  );
}
