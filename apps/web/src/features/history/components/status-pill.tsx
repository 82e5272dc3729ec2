import type { ReactNode } from 'react';

export type PillTone = 'success' | 'warning' | 'neutral' | 'danger';

const tones: Record<PillTone, string> = {
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-on-warning-soft',
  neutral: 'bg-surface-muted text-ink-muted',
  danger: 'bg-danger-soft text-danger',
};

export function StatusPill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
