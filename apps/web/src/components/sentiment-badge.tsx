import { SENTIMENT_SUCCESS_MIN, SENTIMENT_WARNING_MIN } from '@parley/contracts';
import { Badge } from '@/components/ui/badge';
import { formatPercent } from '@/lib/format';

/** docs/product.md §9: at least 0.6 success, at least 0.4 warning, below 0.4 destructive. */
function sentimentVariant(score: number): 'success' | 'warning' | 'destructive' {
  if (score >= SENTIMENT_SUCCESS_MIN) return 'success';
  if (score >= SENTIMENT_WARNING_MIN) return 'warning';
  return 'destructive';
}

/** A message's sentiment score as a percentage, coloured by its band. */
export function SentimentBadge({ score }: { score: number }) {
  return (
    <Badge variant={sentimentVariant(score)} title="Sentiment">
      <span className="sr-only">Sentiment </span>
      {formatPercent(score)}
    </Badge>
  );
}
