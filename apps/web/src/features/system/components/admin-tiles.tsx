import type { Integration, RetentionSummary } from '@parley/contracts';
import { Activity, Archive, type LucideIcon, Plug, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useIntegrations } from '../api/get-integrations';
import { useRetention } from '../api/get-retention';

type Tile = {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Where the tile goes; without one the tile is not a control (docs/product.md §2: "no action"). */
  to?: string;
  /** Live figures under the description. */
  Status?: () => ReactNode;
};

/**
 * docs/product.md §2 Admin panel tiles. Integrations lists each connection with its status (it has no
 * page of its own: the settings live in the server's environment, README Configuration); Data
 * Retention is live (docs/decisions/030-data-retention.md): its period, active holds and last erasure.
 */
const TILES: Tile[] = [
  {
    title: 'Invite User',
    description: 'Invite staff by e-mail and manage pending invitations',
    icon: UserPlus,
    to: paths.adminInvite,
  },
  {
    title: 'Email Health',
    description: 'Delivery checks, KPIs and recent e-mail events',
    icon: Activity,
    to: paths.adminEmailHealth,
  },
  {
    title: 'Integrations',
    description: 'What Parley is connected to, from its configuration',
    icon: Plug,
    Status: IntegrationsStatus,
  },
  {
    title: 'Data Retention',
    description: 'How long messages and logs are kept',
    icon: Archive,
    to: paths.adminRetention,
    Status: RetentionStatus,
  },
];

const INTEGRATION_MARK: Record<Integration['status'], string> = {
  connected: 'bg-status-pass',
  attention: 'bg-status-warn',
  not_configured: 'bg-muted-foreground/40',
};

/** The Integrations tile's lines: one per connection, a dot for its status and what it means. */
function IntegrationsStatus() {
  const integrations = useIntegrations();
  if (integrations.isError && !integrations.data) return <span>Status unavailable</span>;
  if (!integrations.data) return <span aria-busy="true">Loading…</span>;
  return (
    <ul className="mt-1 grid gap-1" aria-label="Integrations" data-testid="integrations">
      {integrations.data.items.map((item) => (
        <li key={item.name} className="flex items-start gap-1.5" title={item.summary}>
          <span
            className={cn('mt-1 size-2 shrink-0 rounded-full', INTEGRATION_MARK[item.status])}
            aria-hidden="true"
          />
          <span>
            {item.name}:{' '}
            {item.status === 'connected'
              ? 'connected'
              : item.status === 'attention'
                ? 'needs attention'
                : 'not configured'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The Data Retention tile's live line: loading, failed, or the figures. */
function RetentionStatus() {
  const retention = useRetention();
  if (retention.isError && !retention.data) return <span>Figures unavailable</span>;
  if (!retention.data) return <span aria-busy="true">Loading…</span>;
  return <RetentionFigures summary={retention.data} />;
}

function RetentionFigures({ summary }: { summary: RetentionSummary }) {
  const holds = summary.active_holds;
  return (
    <>
      <span>
        {summary.retention_years} years ·{' '}
        {holds === 0 ? 'no active holds' : `${holds} active hold${holds === 1 ? '' : 's'}`}
      </span>
      <span>
        {summary.last_erasure ? `Last erasure ${formatDate(summary.last_erasure.at)}` : 'No erasure yet'}
      </span>
    </>
  );
}

const tileClass =
  'flex h-full items-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs';

function TileBody({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  return (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
        <Icon className="size-4.5 text-muted-foreground" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 gap-1">
        <span className="font-medium text-sm">{tile.title}</span>
        <span className="text-muted-foreground text-xs">{tile.description}</span>
        {tile.Status ? (
          <span className="grid text-foreground text-xs">
            <tile.Status />
          </span>
        ) : null}
        {tile.to || tile.Status ? null : (
          <Badge variant="outline" className="mt-1 text-muted-foreground">
            Not available yet
          </Badge>
        )}
      </span>
    </>
  );
}

export function AdminTiles() {
  return (
    <nav aria-label="Administration shortcuts">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TILES.map((tile) => (
          <li key={tile.title}>
            {tile.to ? (
              <Link
                to={tile.to}
                className={cn(tileClass, 'transition-colors hover:bg-accent/60 focus-visible:outline-2')}
              >
                <TileBody tile={tile} />
              </Link>
            ) : tile.Status ? (
              <div className={tileClass}>
                <TileBody tile={tile} />
              </div>
            ) : (
              <div className={cn(tileClass, 'border-dashed opacity-70 shadow-none')} aria-disabled="true">
                <TileBody tile={tile} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
