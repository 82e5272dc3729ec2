/** The product's wallet mark; decorative, the brand name is always written next to it. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <path
        d="M9 11.5h12.5a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H10.5A2.5 2.5 0 0 1 8 21V10.5A2.5 2.5 0 0 1 10.5 8H20"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        className="stroke-on-primary"
      />
      <circle cx="20" cy="17.5" r="1.6" className="fill-on-primary" />
    </svg>
  );
}
