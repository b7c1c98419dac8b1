import { SENTIMENT_SUCCESS_MIN, SENTIMENT_WARNING_MIN, sentimentLabelOf } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';
import { formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';

/** docs/product.md §9: at least 0.6 success, at least 0.4 warning, below 0.4 destructive. */
function sentimentVariant(score: number): 'success' | 'warning' | 'destructive' {
  if (score >= SENTIMENT_SUCCESS_MIN) return 'success';
  if (score >= SENTIMENT_WARNING_MIN) return 'warning';
  return 'destructive';
}

/**
 * A message's sentiment as a word ('Positive', 'Neutral', 'Negative': sentimentLabelOf), coloured by its
 * band, with the score on hover: a bare '70%' said nothing about what it measured.
 */
export function SentimentBadge({ score, className }: { score: number; className?: string }) {
  const label = sentimentLabelOf(score);
  return (
    <Badge
      variant={sentimentVariant(score)}
      title={`Sentiment score ${formatPercent(score)} (0% negative, 100% positive)`}
      className={cn('relative z-10', className)}
    >
      <span className="sr-only">Sentiment: </span>
      {label}
    </Badge>
  );
}
