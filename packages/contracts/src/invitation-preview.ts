import { z } from 'zod';
import { roleSchema } from './roles';

// Apart from invitations.ts: the sign-in page reads an invitation link's preview, and should not download
// every invitation schema with it (docs/architecture.md, "Code splitting").

/** What a link can show before anyone acts (nothing is consumed). */
export const INVITATION_PREVIEW_STATUSES = ['pending', 'accepted', 'expired', 'revoked', 'deleted'] as const;
export type InvitationPreviewStatus = (typeof INVITATION_PREVIEW_STATUSES)[number];

export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: roleSchema,
  organization_name: z.string(),
  status: z.enum(INVITATION_PREVIEW_STATUSES),
  expires_at: z.string(),
  /** Whether the organisation allows magic links, so a newcomer may accept without a password. */
  magic_link_enabled: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
