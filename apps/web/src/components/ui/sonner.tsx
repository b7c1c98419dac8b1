import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

const themedStyle = {
  '--normal-bg': 'var(--popover)',
  '--normal-text': 'var(--popover-foreground)',
  '--normal-border': 'var(--border)',
} as CSSProperties;

/** Sonner's toaster in the app's colours; `theme` follows the app's resolved theme. */
export function Toaster(props: ToasterProps) {
  return <Sonner className="toaster group" style={themedStyle} closeButton richColors {...props} />;
}
