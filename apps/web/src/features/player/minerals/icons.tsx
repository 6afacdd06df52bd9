/** Inline SVG faces and symbols: no icon font to download, and they inherit the text colour. */

type Face = 'frown' | 'frown-open' | 'meh' | 'smile' | 'laugh-beam';
/** §9 emoji order for ratings 1..5. */
export const EMOJI_ORDER: Face[] = ['frown', 'frown-open', 'meh', 'smile', 'laugh-beam'];

const MOUTHS: Record<Face, React.ReactNode> = {
  frown: <path d="M8 17c2-2.5 6-2.5 8 0" />,
  'frown-open': <path d="M8.5 17.5c1-2.5 6-2.5 7 0z" fill="currentColor" />,
  meh: <path d="M8 16h8" />,
  smile: <path d="M8 14.5c2 2.5 6 2.5 8 0" />,
  'laugh-beam': <path d="M7.5 13.5h9c0 3-2 5-4.5 5s-4.5-2-4.5-5z" fill="currentColor" />,
};

export function Emoji({ face, className = 'size-9' }: { face: Face; className?: string }) {
  const beaming = face === 'laugh-beam';
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="10" />
      {beaming ? (
        <path d="M7.5 10c.7-1.3 2-1.3 2.7 0M13.8 10c.7-1.3 2-1.3 2.7 0" />
      ) : (
        <>
          <circle cx="9" cy="9.5" r="1.1" fill="currentColor" stroke="none" />
          <circle cx="15" cy="9.5" r="1.1" fill="currentColor" stroke="none" />
        </>
      )}
      {MOUTHS[face]}
    </svg>
  );
}

export function Star({ filled, className = 'size-9' }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
        fill={filled ? 'rgb(217 177 0)' : 'none'}
        stroke={filled ? 'rgb(150 120 0)' : 'currentColor'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Thumb({ down = false, className = 'size-8' }: { down?: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} ${down ? 'rotate-180' : ''}`}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="M7 10v10H3V10zM7 10l4-7c1.7 0 2.5 1 2.2 2.6L12.6 9H19a2 2 0 012 2.3l-1.3 7A2 2 0 0117.7 20H7" />
    </svg>
  );
}
